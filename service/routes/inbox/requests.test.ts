import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { personalDataSchema } from '../../../contract/inbox';
import { exportText } from '../../enquiry-export';
import type { MessageRecord } from '../../records';
import type { InboxClient } from '../../test-support/inbox';
import { enrolledStaff, PASSWORD, startInbox, submitEnquiry, type InboxFixture } from '../../test-support/inbox';
import { auditLog } from '../../audit-append';
import { sentFrom } from '../../store-rules';

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
  const theirs = enquiries.filter((record) => record.email.toLowerCase() === 'aisyah@example.com');
  const ids = new Set(theirs.map((record) => record.id));
  const messages = (await inbox.store.find('messages')).filter(
    (message) => ids.has(message.enquiryId) || sentFrom(message, 'aisyah@example.com'),
  );
  return exportText(theirs, format, messages);
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

  it('takes each enquiry’s thread with it: found, exported (the CLI’s export too) and deleted', async () => {
    const [first] = (await inbox.store.recordsByEmail('aisyah@example.com')).enquiries;
    const thread: Omit<MessageRecord, 'id' | 'enquiryId' | 'createdAt'>[] = [
      { kind: 'reply', userName: 'nurul', text: 'Dear Aisyah, Thursday at ten?', sha256: 'a'.repeat(64), checkCode: 'ABCD-EFGH' },
      { kind: 'answer', from: 'aisyah@example.com', text: 'Thursday suits me.', attachments: [{ name: 'ic.pdf', size: 1234 }] },
    ];
    for (const [index, fields] of thread.entries()) {
      const createdAt = new Date(Date.parse(first!.createdAt) + (index + 1) * 60_000).toISOString();
      await inbox.store.atomically((tx) => tx.put('messages', { id: randomUUID(), enquiryId: first!.id, createdAt, ...fields }));
    }
    expect(personalDataSchema.parse((await client.get('/requests?email=aisyah%40example.com')).json()).messages).toBe(2);
    const json = JSON.parse((await client.get('/requests/export?email=aisyah%40example.com&format=json')).text);
    expect(json[0].thread).toEqual([
      expect.objectContaining({ kind: 'reply', staff: 'nurul', text: 'Dear Aisyah, Thursday at ten?', sha256: 'a'.repeat(64) }),
      expect.objectContaining({ kind: 'answer', from: 'aisyah@example.com', attachments: [{ name: 'ic.pdf', size: 1234 }] }),
    ]);
    expect(json[1].thread).toEqual([]);
    const csv = (await client.get('/requests/export?email=aisyah%40example.com&format=csv')).text;
    expect(csv.split('\r\n')[0]).toMatch(/,"locale","thread"$/);
    expect(csv).toContain('reply nurul\nDear Aisyah, Thursday at ten?\n\n');
    expect(csv).toBe(await cliExport('csv'));

    expect((await client.post('/requests/delete', { email: 'aisyah@example.com', password: PASSWORD })).status).toBe(200);
    expect(await inbox.store.find('messages', { enquiryId: first!.id })).toEqual([]);
  });

  it('exports the answers sent from the address to another’s enquiry in a row of their own, with nothing of that enquiry', async () => {
    const [other] = (await inbox.store.recordsByEmail('someone.else@example.com')).enquiries;
    await inbox.store.atomically((tx) =>
      tx.put('messages', {
        id: randomUUID(),
        enquiryId: other!.id,
        kind: 'answer',
        createdAt: new Date().toISOString(),
        from: 'aisyah@example.com',
        otherAddress: true,
        text: 'I answer for my sister.',
      }),
    );
    const json = JSON.parse((await client.get('/requests/export?email=aisyah%40example.com&format=json')).text);
    expect(json).toHaveLength(3);
    expect(json[2]).toMatchObject({ id: null, email: null, message: null });
    expect(json[2].thread).toEqual([
      expect.objectContaining({ kind: 'answer', from: 'aisyah@example.com', text: 'I answer for my sister.' }),
    ]);
    const csv = (await client.get('/requests/export?email=aisyah%40example.com&format=csv')).text;
    expect(csv).toContain('I answer for my sister.');
    expect(csv).not.toContain('someone.else@example.com');
    expect(csv).toBe(await cliExport('csv'));
  });
});
