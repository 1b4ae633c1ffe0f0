import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enquiryReference } from '../../../contract/reference';
import { firstBrokenEntry } from '../../audit-chain';
import { enrolledStaff, freshCode, InboxClient, PASSWORD, startInbox, submitEnquiry, type InboxFixture } from '../../test-support/inbox';
import { talliesSince } from '../../store-rules';
import { auditLog } from '../../audit-append';

let inbox: InboxFixture;

beforeEach(async () => {
  inbox = await startInbox();
});

afterEach(() => inbox.close());

const VISITOR = {
  firstName: 'Zulaikha',
  lastName: 'Tengku-Ismail',
  email: 'zulaikha.private@example.org',
  phone: '+60 19-876 5432',
  message: 'My inheritance of RM 2.4 million from my late father needs a plan.',
};

describe('the audit log', () => {
  it('records every action with who and which enquiry, and none of the visitor’s data', async () => {
    const { client, user } = await enrolledStaff(inbox, 'nurul');
    const enquiry = await submitEnquiry(inbox.store, VISITOR);
    const held = await submitEnquiry(inbox.store, { ...VISITOR, website: 'http://x.example' });
    const reference = enquiryReference(enquiry.id);
    const email = encodeURIComponent(VISITOR.email);

    await new InboxClient(inbox.server.url).signIn('nurul', '000000', 'a wrong password');
    await new InboxClient(inbox.server.url).signIn(VISITOR.email, '000000', VISITOR.message);
    await client.get('/enquiries');
    await client.get(`/enquiries?q=${encodeURIComponent(VISITOR.lastName)}`);
    await client.get(`/enquiries/${reference}`);
    await client.call('PATCH', `/enquiries/${reference}`, { status: 'closed' });
    await client.call('PATCH', `/enquiries/${reference}`, { assigneeId: user.id });
    await client.post(`/enquiries/${reference}/notes`, { text: `Spoke to ${VISITOR.firstName} on ${VISITOR.phone}` });
    await client.get('/held');
    await client.post(`/held/${held.id}/release`);
    await client.get(`/requests?email=${email}`);
    await client.get(`/requests/export?email=${email}&format=csv`);
    await client.post('/requests/delete', { email: VISITOR.email, password: PASSWORD });
    await client.post('/account/recovery-codes', { password: PASSWORD });
    await client.post('/sign-out');
    await new InboxClient(inbox.server.url).signIn('nurul', await freshCode(inbox.store, 'nurul'));

    const entries = await auditLog(inbox.store);
    expect(entries.map(({ actor, action, reference: about, detail }) => [actor, action, about, detail])).toEqual([
      ['nurul', 'sign-in', null, 'second factor to enrol'],
      ['nurul', 'enrol', null, null],
      ['nurul', 'sign-in-failed', null, 'password'],
      ['nurul', 'list', null, '1 enquiry'],
      ['nurul', 'search', null, '1 enquiry'],
      ['nurul', 'view', reference, null],
      ['nurul', 'status', reference, 'new → closed'],
      ['nurul', 'assignee', reference, 'nurul'],
      ['nurul', 'note', reference, null],
      ['nurul', 'list', null, 'held for review, 1'],
      ['nurul', 'release', enquiryReference(held.id), null],
      ['nurul', 'find', null, '2 enquiries, 0 held'],
      ['nurul', 'export', null, 'csv, 2 enquiries'],
      ['nurul', 'delete', null, '2 enquiries, 0 held'],
      ['nurul', 'recovery-codes', null, null],
      ['nurul', 'sign-out', null, null],
      ['nurul', 'sign-in', null, null],
    ]);
    // The unknown username (an address typed in the wrong field) is a count of the day, kept nowhere in full.
    const tallies = await talliesSince(inbox.store, '2000-01-01');
    expect(tallies.map(({ name, count, examples }) => ({ name, count, examples }))).toEqual([
      { name: 'sign-in-unknown-user', count: 1, examples: [] },
    ]);
    const logged = JSON.stringify(entries).toLowerCase();
    for (const value of Object.values(VISITOR)) expect(logged).not.toContain(value.toLowerCase());
    expect(logged).not.toContain('zulaikha');
    expect(firstBrokenEntry(entries)).toBeNull();
  });
});
