import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enquiryDetailSchema, enquiryListSchema, INBOX_PAGE_SIZE } from '../../../contract/inbox';
import { enquiryReference } from '../../../contract/reference';
import { enquiryRecord } from '../../test-support/fixtures';
import type { InboxClient } from '../../test-support/inbox';
import { addStaff, enrolledStaff, startInbox, submitEnquiry, type InboxFixture } from '../../test-support/inbox';
import type { UserRecord } from '../../records';
import { findEnquiry } from '../../enquiry-records';
import { auditLog } from '../../audit-append';

let inbox: InboxFixture;
let client: InboxClient;
let nurul: UserRecord;

beforeEach(async () => {
  inbox = await startInbox();
  ({ client, user: nurul } = await enrolledStaff(inbox, 'nurul'));
});

afterEach(() => inbox.close());

/** The newest audit entry's own fields, once its place in the chain is checked: next after the one before, chained to it, stamped now. */
async function lastAudit() {
  const log = await auditLog(inbox.store);
  expect(log.length).toBeGreaterThan(1); // the sign-in came before whatever the test did
  const before = log.at(-2)!;
  const { seq, prevHash, hash, at, ...entry } = log.at(-1)!;
  expect(seq).toBe(before.seq + 1);
  expect(prevHash).toBe(before.hash);
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  expect(Math.abs(Date.now() - Date.parse(at))).toBeLessThan(60_000);
  return entry;
}

describe('the list', () => {
  it('shows the newest first, with reference, status, assignee, the 24-hour mark, the overdue count and TZ_DISPLAY', async () => {
    const old = await submitEnquiry(inbox.store, { firstName: 'Old', email: 'old@example.com' });
    // Stored in the same millisecond, the two would tie on their time and be ordered by id (as CI once saw).
    await expect.poll(() => new Date().toISOString() > old.createdAt).toBe(true);
    const newer = await submitEnquiry(inbox.store, { firstName: 'Newer', email: 'newer@example.com' });
    const answer = await client.get('/enquiries');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const list = enquiryListSchema.parse(answer.json());
    expect(list.enquiries.map((enquiry) => enquiry.id)).toEqual([newer.id, old.id]);
    expect(list.enquiries[0]).toEqual({
      id: newer.id,
      reference: enquiryReference(newer.id),
      firstName: 'Newer',
      lastName: 'Rahman',
      email: 'newer@example.com',
      createdAt: newer.createdAt,
      locale: 'en',
      status: 'new',
      assignee: null,
      answerBy: new Date(Date.parse(newer.createdAt) + 24 * 3600_000).toISOString(),
    });
    expect(list).toMatchObject({ total: 2, next: null, overdue: 0, timeZone: 'Asia/Kuala_Lumpur' });
    expect(await lastAudit()).toEqual({ actor: 'nurul', action: 'list', reference: null, detail: '2 enquiries' });
  });

  it('searches, filters by status and by "mine", and pages on', async () => {
    const aisyah = await submitEnquiry(inbox.store, {
      firstName: 'Aisyah',
      email: 'aisyah@example.com',
      message: 'Unit trusts and zakat.',
    });
    await submitEnquiry(inbox.store, { firstName: 'Wei', email: 'wei@example.com', message: 'Retirement.' });
    const searched = enquiryListSchema.parse((await client.get('/enquiries?q=ZAKAT')).json());
    expect(searched.enquiries.map((enquiry) => enquiry.id)).toEqual([aisyah.id]);
    // The search is on record, its words are not.
    expect(await lastAudit()).toEqual({ actor: 'nurul', action: 'search', reference: null, detail: '1 enquiry' });
    expect(JSON.stringify(await auditLog(inbox.store))).not.toMatch(/zakat/i);

    await client.call('PATCH', `/enquiries/${enquiryReference(aisyah.id)}`, { status: 'replied', assigneeId: nurul.id });
    expect(enquiryListSchema.parse((await client.get('/enquiries?status=replied')).json()).total).toBe(1);
    expect(enquiryListSchema.parse((await client.get('/enquiries?mine=1')).json()).enquiries[0]?.assignee).toEqual({
      id: nurul.id,
      username: 'nurul',
    });
    expect(await lastAudit()).toMatchObject({ action: 'list', detail: 'mine, 1 enquiry' });
    expect((await client.get('/enquiries?status=lost')).status).toBe(400);
  });

  it('pages through many, each page after the last', async () => {
    const count = INBOX_PAGE_SIZE + 5;
    for (let index = 0; index < count; index++) await inbox.store.submitEnquiry(enquiryRecordAsSubmission(index));
    const first = enquiryListSchema.parse((await client.get('/enquiries')).json());
    expect(first.enquiries).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.total).toBe(count);
    const second = enquiryListSchema.parse((await client.get(`/enquiries?after=${first.next}`)).json());
    expect(second.enquiries).toHaveLength(5);
    expect(second.next).toBeNull();
    expect(new Set([...first.enquiries, ...second.enquiries].map((enquiry) => enquiry.id)).size).toBe(count);
    const bad = await client.get('/enquiries?after=bm90IGEgY3Vyc29y');
    expect(bad.status).toBe(400);
    expect(bad.json()).toEqual({ error: 'after: not a page of this list.' });
  });
});

function enquiryRecordAsSubmission(index: number) {
  const { firstName, lastName, email, phone, service, message } = enquiryRecord(index);
  return { firstName, lastName, email, phone, service, message };
}

describe('an enquiry', () => {
  it('shows every field, its alerts, notes and history, and the view is on record', async () => {
    const record = await submitEnquiry(inbox.store, { phone: '+60 12-345 6789', service: 'Retirement planning' });
    const reference = enquiryReference(record.id);
    const answer = await client.get(`/enquiries/${reference.toLowerCase()}`);
    expect(answer.status).toBe(200);
    const detail = enquiryDetailSchema.parse(answer.json());
    expect(detail.enquiry).toMatchObject({ reference, phone: '+60 12-345 6789', service: 'Retirement planning', message: record.message });
    expect(detail.alerts).toEqual([expect.objectContaining({ channel: 'email', kind: 'enquiry', status: 'pending', attempts: 0 })]);
    expect(detail.staff).toEqual([{ id: nurul.id, username: 'nurul' }]);
    expect(detail.history).toEqual([{ at: expect.any(String), actor: 'nurul', action: 'view', detail: null }]);
    expect(await lastAudit()).toEqual({ actor: 'nurul', action: 'view', reference, detail: null });

    expect((await client.get('/enquiries/TW-00000000')).status).toBe(404);
    expect((await client.get('/enquiries/..%2F..%2Fetc')).status).toBe(404);
  });

  it('changes status and assignee, takes notes, and shows who did what', async () => {
    const farid = await addStaff(inbox.store, 'farid');
    const record = await submitEnquiry(inbox.store);
    const reference = enquiryReference(record.id);

    const changed = await client.call('PATCH', `/enquiries/${reference}`, { status: 'replied', assigneeId: farid.id });
    expect(changed.status).toBe(200);
    expect(enquiryDetailSchema.parse(changed.json()).enquiry).toMatchObject({
      status: 'replied',
      assignee: { id: farid.id, username: 'farid' },
    });
    const noted = await client.post(`/enquiries/${reference}/notes`, { text: 'Called back; she prefers WhatsApp.' });
    expect(noted.status).toBe(200);
    const detail = enquiryDetailSchema.parse(noted.json());
    expect(detail.notes).toEqual([
      { id: expect.any(String), author: 'nurul', text: 'Called back; she prefers WhatsApp.', createdAt: expect.any(String) },
    ]);
    expect(detail.history.map(({ actor, action, detail: what }) => [actor, action, what])).toEqual([
      ['nurul', 'status', 'new → replied'],
      ['nurul', 'assignee', 'farid'],
      ['nurul', 'note', null],
    ]);
    expect((await client.call('PATCH', `/enquiries/${reference}`, { assigneeId: null })).status).toBe(200);
    expect(await lastAudit()).toEqual({ actor: 'nurul', action: 'assignee', reference, detail: 'nobody' });
    expect(JSON.stringify(await auditLog(inbox.store))).not.toContain('WhatsApp');

    // Survives a reload: it is in the store.
    expect((await findEnquiry(inbox.store, record.id))?.status).toBe('replied');

    const refusals = [
      await client.call('PATCH', `/enquiries/${reference}`, {}),
      await client.call('PATCH', `/enquiries/${reference}`, { status: 'lost' }),
      await client.call('PATCH', `/enquiries/${reference}`, { assigneeId: '7d9f4a9e-3a43-4d53-9c33-4a8e5a1b2c3d' }),
      await client.post(`/enquiries/${reference}/notes`, { text: '   ' }),
    ];
    expect(refusals.map((answer) => answer.status)).toEqual([400, 400, 400, 400]);
    expect(refusals[0]!.json()).toEqual({ error: 'Nothing to change.' });
    const notJson = await client.call('PATCH', `/enquiries/${reference}`, undefined, { 'content-type': 'text/plain' });
    expect(notJson.status).toBe(415);
  });
});

describe('an unknown call', () => {
  it('is a 404 or 405 as JSON, never a page', async () => {
    const missing = await client.get('/nothing');
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ error: 'The inbox has no such call.' });
    const wrongMethod = await client.call('DELETE', '/enquiries');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toMatch(/GET/);
  });
});
