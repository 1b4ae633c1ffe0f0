/**
 * The service with REPLIES_IMAP_URL set: the real entry point, a real
 * Dovecot, real SMTP and webhook receivers. The visitor's answer to a reply
 * comes into the mailbox; the enquiry becomes New reply with the answer in
 * its thread, and staff hear "Reply on TW-XXXXXXXX from <first> <last>".
 */
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { enquiryReference } from '../../contract/reference';
import { readFileStore } from '../db/file-store';
import { startSmtpReceiver, startWebhookReceiver } from '../test-support/alert-receivers';
import { useDovecotPerFile } from '../test-support/dovecot';
import { makeSiteFixture, makeTempDir, postJson, readAnswer, validEnquiry } from '../test-support/fixtures';
import { killIfRunning, startServer, type ServerProcess } from '../test-support/server-process';
import { until } from '../test-support/until';

const dovecot = useDovecotPerFile();

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

it('reads the visitor’s answer into the thread, marks the enquiry New reply and alerts staff by e-mail and webhook', async () => {
  const temp = await makeTempDir();
  cleanups.push(temp.remove);
  const smtp = await startSmtpReceiver();
  cleanups.push(() => smtp.stop());
  const webhook = await startWebhookReceiver();
  cleanups.push(() => webhook.stop());
  const dbFile = path.join(temp.dir, 'data', 'db.json');
  const server: ServerProcess & { url: string } = await startServer({
    DB_FILE: dbFile,
    DIST_DIR: await makeSiteFixture(temp.dir),
    RATE_LIMIT_PER_MINUTE: '0',
    CONTACT_CHALLENGE: 'off',
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL_TO: 'advisers@teratai-wealth.example',
    NOTIFY_EMAIL_FROM: 'alerts@teratai-wealth.example',
    NOTIFY_WEBHOOK_URL: webhook.url,
    REPLIES_IMAP_URL: dovecot().url,
  });
  cleanups.push(() => killIfRunning(server));

  const posted = await readAnswer(
    await postJson(server.url, validEnquiry({ firstName: 'Siti', lastName: 'Aminah', email: 'siti@example.com' })),
  );
  const reference = enquiryReference(posted.id!);
  await dovecot().deliver(
    [
      'From: Siti Aminah <siti@example.com>',
      'To: replies@teratai-wealth.example',
      `Subject: Re: Your enquiry ${reference}`,
      'Message-ID: <answer-1@mail.example.com>',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Terima kasih, Selasa pukul 10 pagi sesuai.',
      '',
    ].join('\r\n'),
  );

  const alert = await until(() => smtp.received.find(({ mail }) => mail.subject?.startsWith('Reply on')), 'the staff alert');
  expect(alert.mail.subject).toBe(`Reply on ${reference} from Siti Aminah`);
  expect(alert.mail.text).not.toContain('Terima kasih');
  const hook = await until(
    () => webhook.received.map(({ body }) => JSON.parse(body)).find((body) => body.event === 'enquiry.answer'),
    'the answer webhook',
  );
  expect(hook).toMatchObject({ enquiry: { id: posted.id } });

  const { data } = await readFileStore(dbFile);
  expect(data.enquiries.find((enquiry) => enquiry.id === posted.id)?.status).toBe('new-reply');
  expect(data.messages).toEqual([
    expect.objectContaining({ kind: 'answer', enquiryId: posted.id, text: 'Terima kasih, Selasa pukul 10 pagi sesuai.' }),
  ]);
  expect(await dovecot().flags()).toEqual([{ uid: expect.any(Number), flags: expect.not.arrayContaining(['\\Seen']) }]);

  // An answer from another address is said to be so: it may not be the visitor's.
  await dovecot().deliver(
    [
      'From: Someone <someone@elsewhere.example>',
      'To: replies@teratai-wealth.example',
      `Subject: Re: Your enquiry ${reference}`,
      'Message-ID: <answer-2@elsewhere.example>',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Writing for my mother.',
      '',
    ].join('\r\n'),
  );
  const other = await until(
    () => smtp.received.find(({ mail }) => mail.subject?.startsWith('Reply on') && mail !== alert.mail),
    'the staff alert for the answer from another address',
  );
  expect(other.mail.subject).toBe(`Reply on ${reference} from Siti Aminah (from another address)`);
  expect(other.mail.text).toContain('(from another address)');
  expect(alert.mail.text).not.toContain('another address');
}, 60_000);
