import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { personalDataSchema } from '../../../contract/inbox';
import { exportText } from '../../enquiry-export';
import type { InboxClient } from '../../test-support/inbox';
import { enrolledStaff, PASSWORD, startInbox, submitEnquiry, type InboxFixture } from '../../test-support/inbox';
import { auditLog } from '../../audit-append';

let inbox: InboxFixture;
let client: InboxClient;

beforeEach(async () => {
  inbox = await startInbox();
  ({ client } = await enrolledStaff(inbox, 'nurul'));
  await submitEnquiry(inbox.store, { email: 'Aisyah@Example.com', message: '=HYPERLINK("x") first' });
  await submitEnquiry(inbox.store, { email: 'aisyah@example.com', message: 'second, with "quotes"' });
  await submitEnquiry(inbox.store, { email: 'aisyah@example.com', website: 'http://spam.example' });
  await submitEnquiry(inbox.store, { email: 'someone.else@example.com' });
});

afterEach(() => inbox.close());

/** What `npm run enquiries -- export` writes for the same address (it writes exportText's text). */
async function cliExport(format: 'csv' | 'json'): Promise<string> {
  const { enquiries } = await inbox.store.records();
  return exportText(
    enquiries.filter((record) => record.email.toLowerCase() === 'aisyah@example.com'),
    format,
  );
}

describe('a personal-data request', () => {
  it('finds everything held about one address, in any case, and records the find without it', async () => {
    const answer = await client.get('/requests?email=AISYAH%40example.com');
    expect(answer.status).toBe(200);
    const found = personalDataSchema.parse(answer.json());
    expect(found.enquiries).toHaveLength(2);
    expect(found.held).toHaveLength(1);
    expect(found.held[0]?.reason).toBe('honeypot');
    expect((await auditLog(inbox.store)).at(-1)).toMatchObject({
      actor: 'nurul',
      action: 'find',
      reference: null,
      detail: '2 enquiries, 1 held',
    });
    expect((await client.get('/requests?email=')).status).toBe(400);
  });

  it.each(['csv', 'json'] as const)('exports it as %s: the CLI’s very export, as a download', async (format) => {
    const answer = await client.get(`/requests/export?email=aisyah%40example.com&format=${format}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="personal-data-\\d{4}-\\d{2}-\\d{2}\\.${format}"$`),
    );
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.text).toBe(await cliExport(format));
    // A formula is defused in the CSV, as the CLI does it.
    expect(answer.text).toContain(format === 'csv' ? `"'=HYPERLINK` : '"=HYPERLINK');
    expect((await auditLog(inbox.store)).at(-1)).toMatchObject({ action: 'export', reference: null, detail: `${format}, 2 enquiries` });
    expect((await client.get('/requests/export?email=aisyah%40example.com&format=xml')).status).toBe(400);
  });

  it('deletes it after the password is given again', async () => {
    const wrong = await client.post('/requests/delete', { email: 'aisyah@example.com', password: 'not my password' });
    expect(wrong.status).toBe(403);
    expect((await inbox.store.recordsByEmail('aisyah@example.com')).enquiries).toHaveLength(2);

    const deleted = await client.post('/requests/delete', { email: 'aisyah@example.com', password: PASSWORD });
    expect(deleted.status).toBe(200);
    expect(deleted.json()).toEqual({ enquiries: 2, held: 1 });
    const left = await inbox.store.recordsByEmail('aisyah@example.com');
    expect([left.enquiries, left.spam]).toEqual([[], []]);
    expect((await inbox.store.records()).enquiries).toHaveLength(1);
    expect((await auditLog(inbox.store)).at(-1)).toMatchObject({
      actor: 'nurul',
      action: 'delete',
      reference: null,
      detail: '2 enquiries, 1 held',
    });
  });
});
