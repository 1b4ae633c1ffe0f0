/**
 * The replies' reader against a real Dovecot (test-support/dovecot.ts) on
 * both stores: answers joined by In-Reply-To, by the subject's reference
 * alone, and by the Reply-To token when Outlook keeps only its own
 * Message-ID and Thread-Index; from another address; bad mail each followed
 * by a good message that still arrives; a restart that reads nothing again;
 * the mailbox's read marks untouched; a refused password alerted once.
 */
import { createHash, randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enquiryReference } from '../../contract/reference';
import type { Log, LogFields } from '../log';
import type { EnquiryRecord } from '../records';
import type { Store } from '../store-interface';
import { useDovecotPerFile } from '../test-support/dovecot';
import { validSubmission } from '../test-support/fixtures';
import { useStoreBackends } from '../test-support/store-backends';
import { imapSettingsOf } from './imap-url';
import { MAX_MESSAGE_BYTES, MAX_TRIES, startMailboxReader, type MailboxReader } from './reader';
import { findEnquiry } from '../enquiry-records';
import { auditLog } from '../audit-append';
import { until } from '../test-support/until';

const FIRM = 'replies@teratai.example';
const REPLY_ID = '<reply-1@teratai.example>';

const backends = useStoreBackends();
const dovecot = useDovecotPerFile();

interface MailOptions {
  from?: string;
  to?: string;
  subject?: string;
  messageId?: string;
  headers?: string[];
  body?: string;
}

/** A message as a mail client leaves it in the firm's mailbox. */
function mail({
  from = 'Aisyah Rahman <aisyah@example.com>',
  to = FIRM,
  subject = 'Re: Your enquiry',
  messageId = `<${randomUUID()}@mail.example.com>`,
  headers = [],
  body = 'Thank you, Tuesday at 10 suits me.\r\n',
}: MailOptions = {}): string {
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: ${messageId}`,
    'Date: Mon, 30 Nov 2026 09:00:00 +0800',
    'MIME-Version: 1.0',
    ...headers,
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
  ].join('\r\n');
}

const QUOTED_BODY = [
  'Thank you, Tuesday at 10 suits me.',
  '',
  'On Mon, 30 Nov 2026 at 08:00, Teratai Wealth <replies@teratai.example> wrote:',
  '> Dear Aisyah,',
  '> could we meet next week?',
  '',
].join('\r\n');

describe.each(backends)('the replies reader on $name', (backend) => {
  let store: Store;
  /** Another instance on the same data (PostgreSQL), or the same store (the file store's single writer). */
  let other: Store;
  let enquiry: EnquiryRecord;
  let logged: LogFields[];
  let readers: MailboxReader[];
  const log: Log = (fields) => void logged.push(fields);
  const reader = (on: Store = store, url = dovecot().url, pollMs = 3_600_000) => {
    // A poll far away: each test reads with readNow() or waits for IDLE, so that nothing depends on the minute.
    const started = startMailboxReader({
      settings: imapSettingsOf(url),
      store: on,
      channels: ['email', 'webhook'],
      log,
      pollMs,
    });
    readers.push(started);
    return started;
  };
  const answers = async () => (await store.find('messages', { enquiryId: enquiry.id })).filter((message) => message.kind === 'answer');

  beforeEach(async () => {
    logged = [];
    readers = [];
    await dovecot().empty();
    [store, other] = await backend.openPair();
    const submitted = await store.submitEnquiry(validSubmission());
    enquiry = submitted.outcome === 'created' ? (submitted.record as EnquiryRecord) : expect.unreachable();
    // What helper reply's sender stores: the reply, under its Message-ID.
    await store.atomically((tx) =>
      tx.put('messages', {
        id: randomUUID(),
        enquiryId: enquiry.id,
        kind: 'reply',
        createdAt: new Date().toISOString(),
        userId: randomUUID(),
        userName: 'ann',
        messageId: REPLY_ID,
        subject: `Re: Your enquiry ${enquiryReference(enquiry.id)}`,
        text: 'Dear Aisyah, could we meet next week?',
      }),
    );
  });

  afterEach(async () => {
    for (const started of readers) await started.stop();
  });

  it('joins an answer by In-Reply-To: the visible text, the history folded, the raw bytes’ SHA-256, New reply, an audit entry and the staff alert; the read mark stays off', async () => {
    const raw = mail({ headers: [`In-Reply-To: ${REPLY_ID}`, `References: ${REPLY_ID}`], body: QUOTED_BODY });
    await dovecot().deliver(raw);
    await reader().readNow();

    const [answer, ...more] = await answers();
    expect(more).toEqual([]);
    expect(answer).toMatchObject({
      kind: 'answer',
      from: 'aisyah@example.com',
      subject: 'Re: Your enquiry',
      text: 'Thank you, Tuesday at 10 suits me.',
      sha256: createHash('sha256').update(raw).digest('hex'),
    });
    expect(answer!.otherAddress).toBeUndefined();
    expect(answer!.quoted).toContain('> could we meet next week?');
    expect((await findEnquiry(store, enquiry.id))?.status).toBe('new-reply');
    expect(await auditLog(store, { reference: enquiryReference(enquiry.id) })).toEqual([
      expect.objectContaining({ action: 'status', actor: null, detail: 'new → new-reply' }),
      expect.objectContaining({ action: 'answer', actor: null, detail: `sha256 ${answer!.sha256}` }),
    ]);
    const alerts = await store.find('alerts', { enquiryId: enquiry.id });
    expect(alerts.filter((alert) => alert.kind === 'answer').map((alert) => alert.channel)).toEqual(['email', 'webhook']);
    expect(await dovecot().flags()).toEqual([{ uid: expect.any(Number), flags: expect.not.arrayContaining(['\\Seen']) }]);
  });

  it('joins an answer to the acknowledgement by its Message-ID', async () => {
    const acknowledging = await backend.fresh().then((data) => data.open({ acknowledge: true }));
    store = acknowledging;
    const created = await store.submitEnquiry(validSubmission({ email: 'ack@example.com' }));
    enquiry = created.outcome === 'created' ? (created.record as EnquiryRecord) : expect.unreachable();
    const [acknowledgement] = (await store.find('alerts', { enquiryId: enquiry.id })).filter((alert) => alert.kind === 'acknowledgement');
    const messageId = `<acknowledgement-${acknowledgement!.id}@teratai.example>`;
    await dovecot().deliver(mail({ from: 'ack@example.com', headers: [`In-Reply-To: ${messageId}`, `References: ${messageId}`] }));
    await reader(store).readNow();
    expect(await answers()).toEqual([expect.objectContaining({ from: 'ack@example.com', text: 'Thank you, Tuesday at 10 suits me.' })]);
  });

  it('joins an answer with only the reference in its subject', async () => {
    await dovecot().deliver(mail({ subject: `Re: Your enquiry ${enquiryReference(enquiry.id)}` }));
    await reader().readNow();
    expect(await answers()).toEqual([expect.objectContaining({ text: 'Thank you, Tuesday at 10 suits me.' })]);
  });

  it('joins Outlook’s answer (a new Message-ID, a Thread-Index, no In-Reply-To) by the Reply-To token it was sent to, and HTML-only mail as text', async () => {
    const raw = [
      'From: Aisyah Rahman <aisyah@example.com>',
      // The Reply-To helper reply's sender writes: the mailbox plus the reference in lower case.
      `To: "Teratai Wealth" <replies+${enquiryReference(enquiry.id).toLowerCase()}@teratai.example>`,
      'Subject: RE: Your enquiry',
      `Message-ID: <${randomUUID()}@outlook.example.com>`,
      'Thread-Topic: Your enquiry',
      'Thread-Index: AQHZ5k3bX2x1YyL0Q0WlH0yJ9n2Lrw==',
      'MIME-Version: 1.0',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<html><body><p>Yes, <b>Tuesday</b> is fine.</p></body></html>',
    ].join('\r\n');
    await dovecot().deliver(raw);
    await reader().readNow();
    expect(await answers()).toEqual([expect.objectContaining({ text: 'Yes, Tuesday is fine.' })]);
  });

  it('attaches an answer from another address, marked so, and lists attachments by name and size only', async () => {
    const boundary = 'b-1';
    const raw = [
      'From: Someone Else <someone@elsewhere.example>',
      `To: ${FIRM}`,
      `Subject: Re: Your enquiry ${enquiryReference(enquiry.id)}`,
      `Message-ID: <${randomUUID()}@elsewhere.example>`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain',
      '',
      'Writing for my mother.',
      `--${boundary}`,
      'Content-Type: application/pdf; name="statement.pdf"',
      'Content-Disposition: attachment; filename="statement.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.alloc(3000, 7).toString('base64'),
      `--${boundary}--`,
      '',
    ].join('\r\n');
    await dovecot().deliver(raw);
    await reader().readNow();
    expect(await answers()).toEqual([
      expect.objectContaining({
        from: 'someone@elsewhere.example',
        otherAddress: true,
        text: 'Writing for my mother.',
        attachments: [{ name: 'statement.pdf', size: 3000 }],
      }),
    ]);
  });

  it('passes over auto-replies (Auto-Submitted, Precedence: bulk) without joining them or alerting, and reads the answer after them', async () => {
    const subject = `Re: Your enquiry ${enquiryReference(enquiry.id)}`;
    await dovecot().deliver(mail({ subject, headers: ['Auto-Submitted: auto-replied'], body: 'I am out of the office.\r\n' }));
    await dovecot().deliver(mail({ subject, headers: ['Precedence: bulk'], body: 'Newsletter.\r\n' }));
    await dovecot().deliver(mail({ subject }));
    await reader().readNow();
    expect((await answers()).map((answer) => answer.text)).toEqual(['Thank you, Tuesday at 10 suits me.']);
    expect((await store.find('alerts', { enquiryId: enquiry.id })).filter((alert) => alert.kind === 'answer')).toHaveLength(2);
  });

  it('skips a message it cannot read after its tries, counts it, and reads the next; nothing the sender wrote is logged', async () => {
    const subject = `Re: Your enquiry ${enquiryReference(enquiry.id)}`;
    await dovecot().deliver(mail({ subject, headers: [`X-Flood: ${'secret-words '.repeat(8000)}`] }));
    await dovecot().deliver(mail({ subject, body: 'The good one.\r\n' }));
    await reader().readNow();
    expect((await answers()).map((answer) => answer.text)).toEqual(['The good one.']);
    const [cursor] = await store.find('mailboxCursors');
    expect(cursor).toMatchObject({ skipped: 1, failingUid: null, failedTries: 0 });
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: 'a message in the replies mailbox was skipped', reason: 'unreadable', tries: MAX_TRIES }),
    );
    expect(JSON.stringify(logged)).not.toMatch(/secret-words|Tuesday|good one|aisyah/i);
  });

  it('reads a 40,000-character line that would freeze email-reply-parser within a second, and the next', async () => {
    const subject = `Re: Your enquiry ${enquiryReference(enquiry.id)}`;
    const line = '1234 from '.repeat(4_000);
    await dovecot().deliver(mail({ subject, body: `${line}\r\n` }));
    await dovecot().deliver(mail({ subject, body: 'The good one.\r\n' }));
    const started = reader();
    const before = performance.now();
    await started.readNow();
    expect(performance.now() - before).toBeLessThan(1_000);
    expect((await answers()).map((answer) => answer.text)).toEqual([line.trim(), 'The good one.']);
  });

  it('stores malformed MIME as well as it reads, and reads the next', async () => {
    const subject = `Re: Your enquiry ${enquiryReference(enquiry.id)}`;
    const broken = [
      'From: aisyah@example.com',
      `Subject: ${subject}`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="never-closed"',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      '--never-closed',
      'Content-Type: text/plain; charset=no-such-charset',
      'Content-Transfer-Encoding: base64',
      '',
      '@@@ not base64 =?=',
    ].join('\r\n');
    await dovecot().deliver(broken);
    await dovecot().deliver(mail({ subject, body: 'The good one.\r\n' }));
    await reader().readNow();
    expect((await answers()).at(-1)?.text).toBe('The good one.');
  });

  it('reads a 25 MB message, its attachment listed and not stored, and the next', async () => {
    const subject = `Re: Your enquiry ${enquiryReference(enquiry.id)}`;
    const big = mail({
      subject,
      headers: [],
      body: `${'x'.repeat(76)}\r\n`.repeat((25 * 1024 * 1024) / 78),
    });
    await dovecot().deliver(big);
    await dovecot().deliver(mail({ subject, body: 'The good one.\r\n' }));
    await reader().readNow();
    const texts = (await answers()).map((answer) => answer.text);
    expect(texts).toHaveLength(2);
    expect(texts[0]!.length).toBeLessThanOrEqual(100_000);
    expect(texts[1]).toBe('The good one.');
  }, 60_000);

  it('keeps an answer too large to read on record from its headers, alerts staff, counts it skipped, and reads the next', async () => {
    const subject = `Re: Your enquiry ${enquiryReference(enquiry.id)}`;
    const huge = Buffer.from(mail({ subject, body: `${'x'.repeat(76)}\r\n`.repeat(Math.ceil((MAX_MESSAGE_BYTES + 1) / 78)) }));
    await dovecot().fill([huge]);
    await dovecot().deliver(mail({ subject, body: 'The good one.\r\n' }));
    await reader().readNow();
    // fill() leaves the big one for Dovecot to find at the next look: it may come after the good one.
    const found = await answers();
    expect(found.map((answer) => answer.text).sort()).toEqual([
      `Not read: too large (${huge.length} bytes). Open it in the firm's mailbox.`,
      'The good one.',
    ]);
    const unread = found.find((answer) => answer.text.startsWith('Not read'));
    expect(unread).toMatchObject({ from: 'aisyah@example.com', subject });
    expect(unread!.sha256).toBeUndefined();
    expect((await findEnquiry(store, enquiry.id))?.status).toBe('new-reply');
    const alerted = (await store.find('alerts', { enquiryId: enquiry.id })).filter((alert) => alert.kind === 'answer');
    expect(alerted).toHaveLength(4);
    expect((await store.find('mailboxCursors'))[0]).toMatchObject({ skipped: 1 });
  }, 60_000);

  it('stores a message’s try before parsing it, so that one that brings the process down or hangs it is still counted', async () => {
    const subject = `Re: Your enquiry ${enquiryReference(enquiry.id)}`;
    // Big enough that its parsing is seen under way.
    await dovecot().deliver(mail({ subject, body: `${'x'.repeat(76)}\r\n`.repeat((25 * 1024 * 1024) / 78) }));
    const uid = (await dovecot().flags())[0]!.uid;
    const reading = reader().readNow();
    await until(async () => {
      const [cursor] = await store.find('mailboxCursors');
      return cursor?.failingUid === uid && cursor.failedTries === 1;
    }, 'the try on record while the message is parsed');
    await reading;
    expect(await answers()).toHaveLength(1);
    expect((await store.find('mailboxCursors'))[0]).toMatchObject({ lastUid: uid, failingUid: null, failedTries: 0 });
  }, 60_000);

  it('wakes on IDLE for a message delivered while it waits', async () => {
    const started = reader();
    await started.readNow();
    await dovecot().deliver(mail({ headers: [`In-Reply-To: ${REPLY_ID}`] }));
    await until(async () => (await answers()).length === 1, 'the answer after IDLE');
  });

  it('looks at every poll whatever IDLE says, each look a read of the mailbox (the health details’ readAt)', async () => {
    reader(store, dovecot().url, 100);
    const readAt = async () => (await store.find('mailboxCursors'))[0]?.updatedAt;
    const first = await until(readAt, 'the first look');
    const second = await until(
      async () => ((await readAt()) ?? '') > first && (await readAt()),
      'a second look, with no mail and no readNow',
    );
    await until(async () => ((await readAt()) ?? '') > second, 'a third look');
  });

  it('resumes after a restart from its cursor: nothing read again, only what came since', async () => {
    await dovecot().deliver(mail({ headers: [`In-Reply-To: ${REPLY_ID}`], body: 'First.\r\n' }));
    const first = reader();
    await first.readNow();
    await first.stop();
    expect(await answers()).toHaveLength(1);

    logged = [];
    await reader().readNow();
    expect(logged.filter((line) => line.msg === 'the replies mailbox was read')).toEqual([]);

    await dovecot().deliver(mail({ headers: [`In-Reply-To: ${REPLY_ID}`], body: 'Second.\r\n' }));
    await readers.at(-1)!.readNow();
    expect((await answers()).map((answer) => answer.text)).toEqual(['First.', 'Second.']);
    expect(logged).toContainEqual(expect.objectContaining({ msg: 'the replies mailbox was read', answers: 1 }));
  });

  it('lets one reader at a time read the mailbox', async () => {
    const first = reader(store);
    await first.readNow();
    const second = reader(other);
    await second.readNow();
    expect([first.state(), second.state()]).toEqual(['reading', 'other-instance']);
    await first.stop();
    await second.readNow();
    expect(second.state()).toBe('reading');
  });

  it('tells the operator once when the mailbox refuses the password, not at every look', async () => {
    const refused = reader(store, dovecot().urlWithPassword('wrong'));
    await refused.readNow();
    await refused.readNow();
    await refused.readNow();
    expect(refused.state()).toBe('refused');
    const alerts = await store.find('operatorAlerts');
    expect(alerts.map((alert) => [alert.channel, alert.event])).toEqual([
      ['email', 'mailbox.refused'],
      ['webhook', 'mailbox.refused'],
    ]);
    expect(logged.filter((line) => line.level === 'error')).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain('wrong');
  });
});

describe('stopping', () => {
  it('does not wait for a server that stopped answering', async () => {
    // Greets as an IMAP server would, then answers nothing.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => {
      sockets.push(socket);
      socket.write('* OK IMAP4rev1 ready\r\n');
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const [store] = await backends[0]!.openPair();
    const reader = startMailboxReader({
      settings: imapSettingsOf(`imap://firm:secret@127.0.0.1:${port}/INBOX`),
      store,
      channels: [],
      log: () => {},
      pollMs: 3_600_000,
    });
    await until(async () => sockets.length > 0, 'the connection');
    const started = Date.now();
    await reader.stop();
    // The connection's own timeouts are 30 s and more.
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});
