import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enquiryReference } from '../../../contract/reference';
import { enrolledStaff, InboxClient, startInbox, type InboxFixture } from '../../test-support/inbox';
import { findEnquiry } from '../../enquiry-records';
import { auditLog } from '../../audit-append';

let inbox: InboxFixture;
let client: InboxClient;

beforeEach(async () => {
  inbox = await startInbox();
  ({ client } = await enrolledStaff(inbox, 'nurul'));
  await inbox.store.submitEnquiry({
    firstName: 'Aisyah',
    lastName: 'Rahman',
    email: 'aisyah@example.com',
    phone: '',
    service: '',
    message: 'A portfolio review, please.',
  });
});

afterEach(() => inbox.close());

/** The headers a browser sends with a request from somewhere else, or from nothing that says. */
const FROM_ELSEWHERE: [string, Record<string, string>][] = [
  ['another site (Sec-Fetch-Site)', { 'sec-fetch-site': 'cross-site' }],
  ['a sibling subdomain (Sec-Fetch-Site)', { 'sec-fetch-site': 'same-site' }],
  ['the address bar (Sec-Fetch-Site: none)', { 'sec-fetch-site': 'none' }],
  ['a foreign Origin, without Sec-Fetch-Site', { 'sec-fetch-site': '', origin: 'https://evil.example' }],
  ['neither header', { 'sec-fetch-site': '' }],
];

describe('a state change from anywhere but the inbox’s own page', () => {
  it.each(FROM_ELSEWHERE)('is refused with 403, before anything changes: from %s', async (_from, headers) => {
    const reference = enquiryReference((await inbox.store.records()).enquiries[0]!.id);
    const auditBefore = (await auditLog(inbox.store)).length;
    const cookie = client.cookie;
    const requests = [
      () => client.call('PATCH', `/enquiries/${reference}`, { status: 'closed' }, headers),
      () => client.call('POST', '/sign-out', {}, headers),
      () => client.call('POST', '/requests/delete', { email: 'aisyah@example.com', password: 'x' }, headers),
      () => new InboxClient(inbox.server.url).call('POST', '/sign-in', { username: 'nurul', password: 'x', code: '' }, headers),
    ];
    for (const request of requests) {
      const answer = await request();
      expect(answer.status).toBe(403);
      expect(answer.json()).toEqual({ error: 'This request did not come from the inbox’s own page.' });
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    expect(client.cookie).toBe(cookie);
    expect((await client.get('/session')).status).toBe(200);
    expect((await findEnquiry(inbox.store, reference))?.status ?? 'new').toBe('new');
    expect((await auditLog(inbox.store)).length).toBe(auditBefore);
  });

  it('is taken from the site’s own Origin when the browser sends no Sec-Fetch-Site', async () => {
    const signedOut = await client.call('POST', '/sign-out', {}, { 'sec-fetch-site': '', origin: inbox.server.url });
    expect(signedOut.status).toBe(204);
  });
});
