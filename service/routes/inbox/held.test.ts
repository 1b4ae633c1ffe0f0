import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { heldListSchema } from '../../../contract/inbox';
import { enquiryReference } from '../../../contract/reference';
import type { InboxClient } from '../../test-support/inbox';
import { enrolledStaff, startInbox, submitEnquiry, type InboxFixture } from '../../test-support/inbox';
import { findEnquiry, findSpam } from '../../enquiry-records';
import { auditLog } from '../../audit-append';

let inbox: InboxFixture;
let client: InboxClient;

beforeEach(async () => {
  inbox = await startInbox();
  ({ client } = await enrolledStaff(inbox, 'nurul'));
});

afterEach(() => inbox.close());

describe('held for review', () => {
  it('lists what the honeypot caught, newest first', async () => {
    const older = await submitEnquiry(inbox.store, { website: 'http://a.example' });
    const newer = await submitEnquiry(inbox.store, { website: 'http://b.example', message: 'x'.repeat(500) });
    const held = heldListSchema.parse((await client.get('/held')).json());
    expect(held.held.map((record) => record.id)).toEqual([newer.id, older.id]);
    expect(held.held[0]).toMatchObject({ reference: enquiryReference(newer.id), reason: 'honeypot', excerpt: 'x'.repeat(200) });
    expect(held.timeZone).toBe('Asia/Kuala_Lumpur');
    expect((await auditLog(inbox.store)).at(-1)).toMatchObject({ action: 'list', detail: 'held for review, 2' });
  });

  it('"Not spam" makes it an enquiry whose alert is queued now', async () => {
    const caught = await submitEnquiry(inbox.store, { website: 'http://a.example' });
    const released = await client.post(`/held/${caught.id}/release`);
    expect(released.status).toBe(200);
    const reference = enquiryReference(caught.id);
    expect(released.json()).toEqual({ id: caught.id, reference });
    expect(await findSpam(inbox.store, caught.id)).toBeNull();
    expect((await findEnquiry(inbox.store, caught.id))?.id).toBe(caught.id);
    expect(await inbox.store.find('alerts', { enquiryId: caught.id })).toEqual([
      expect.objectContaining({ channel: 'email', status: 'pending' }),
    ]);
    expect((await auditLog(inbox.store)).at(-1)).toMatchObject({ actor: 'nurul', action: 'release', reference, detail: null });
    expect((await client.post(`/held/${caught.id}/release`)).status).toBe(404);
  });

  it('deletes one', async () => {
    const caught = await submitEnquiry(inbox.store, { website: 'http://a.example' });
    expect((await client.post(`/held/${caught.id}/delete`)).status).toBe(204);
    expect(await findSpam(inbox.store, caught.id)).toBeNull();
    expect((await auditLog(inbox.store)).at(-1)).toMatchObject({ action: 'held-delete', reference: enquiryReference(caught.id) });
    expect((await client.post(`/held/${caught.id}/delete`)).status).toBe(404);
    expect((await client.post('/held/not-an-id/delete')).status).toBe(404);
  });
});
