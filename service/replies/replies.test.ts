/**
 * Staff replies by e-mail, end to end on both stores: the real app (the
 * inbox's calls, signed in as staff), the real outbox dispatcher and a real
 * SMTP server. A reply is stored first, sent once by the outbox with its
 * retries, with the headers #33 fixes, and leaves on record the SHA-256 of
 * the very bytes that arrived.
 */
import { createHash, generateKeyPairSync, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { deliveriesSchema, enquiryDetailSchema } from '../../contract/inbox';
import { enquiryReference } from '../../contract/reference';
import { startAlertDispatcher, type AlertDispatcher } from '../alerts/alert-dispatcher';
import type { RetryPolicy } from '../alerts/alert-records';
import { createOutboxSenders } from '../alerts/alert-senders';
import { createApp } from '../app';
import type { AlertConfig, ReplyConfig } from '../config';
import { silentLog } from '../log';
import type { Store } from '../store-interface';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../test-support/alert-receivers';
import { listen, makeSiteFixture, makeTempDir, type Running } from '../test-support/fixtures';
import { enrolledStaff, submitEnquiry, type InboxClient } from '../test-support/inbox';
import { useStoreBackends, type Backend } from '../test-support/store-backends';
import { replyCheckCode } from './check-code';
import { queueReply } from './queue-reply';
import { findEnquiry, updateEnquiry } from '../enquiry-records';
import { auditLog } from '../audit-append';

const backends = useStoreBackends();

const FAST_RETRY: RetryPolicy = { firstDelayMs: 50, maxDelayMs: 200, windowMs: 24 * 60 * 60 * 1000 };
const ACK_FROM = 'Teratai Wealth <hello@teratai-wealth.example>';
const REPLY_FROM = 'Teratai Wealth <replies@teratai-wealth.example>';
const SITE_URL = 'https://teratai-wealth.example';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

function replyConfig(smtp: SmtpReceiver, overrides: Partial<ReplyConfig> = {}): ReplyConfig {
  return {
    smtpUrl: smtp.url,
    from: REPLY_FROM,
    plusAddressing: true,
    dkim: null,
    siteUrl: SITE_URL,
    acknowledgementFrom: ACK_FROM,
    ...overrides,
  };
}

function alertConfig(smtp: SmtpReceiver, reply: ReplyConfig | null): AlertConfig {
  return {
    email: null,
    webhook: null,
    timeZone: 'Asia/Kuala_Lumpur',
    acknowledgement: { smtpUrl: smtp.url, from: ACK_FROM, siteUrl: SITE_URL },
    reply,
  };
}

function dispatch(store: Store, config: AlertConfig): AlertDispatcher {
  const dispatcher = startAlertDispatcher({ store, senders: createOutboxSenders(config, store), log: silentLog, retry: FAST_RETRY });
  cleanups.push(() => dispatcher.stop());
  return dispatcher;
}

interface Desk {
  store: Store;
  smtp: SmtpReceiver;
  server: Running;
  client: InboxClient;
  config: AlertConfig;
}

/** One instance: a store that acknowledges, the app with replies configured, a signed-in adviser, and an SMTP server. */
async function openDesk(backend: Backend, reply: Partial<ReplyConfig> | null = {}): Promise<Desk> {
  const smtp = await startSmtpReceiver();
  cleanups.push(() => smtp.stop());
  const temp = await makeTempDir();
  cleanups.push(temp.remove);
  const [store] = await backend.openPair({ acknowledge: true });
  const config = alertConfig(smtp, reply === null ? null : replyConfig(smtp, reply));
  const app = createApp({
    store,
    distDir: await makeSiteFixture(temp.dir),
    rateLimitPerMinute: 0,
    trustProxy: false,
    timeZone: 'Asia/Kuala_Lumpur',
    log: () => {},
    replies: config.reply ?? null,
  });
  const server = await listen(app);
  cleanups.push(server.close);
  const { client } = await enrolledStaff({ store, server }, 'nurul');
  return { store, smtp, server, client, config };
}

const byMessageId = (smtp: SmtpReceiver, messageId: string) => smtp.received.find((received) => received.mail.messageId === messageId);
const replies = (smtp: SmtpReceiver) => smtp.received.filter((received) => received.mail.subject?.startsWith('Re: '));

async function arrived(smtp: SmtpReceiver, messageId: string): Promise<ReceivedMail> {
  await expect.poll(() => byMessageId(smtp, messageId) !== undefined, { timeout: 10_000 }).toBe(true);
  return byMessageId(smtp, messageId)!;
}

describe.each(backends)('replies by e-mail on the $name store', (backend) => {
  it('are stored first, then sent once by the outbox from the firm, with the thread’s headers and the check code', async () => {
    const desk = await openDesk(backend);
    const { store, smtp, client } = desk;
    // What the visitor wrote, headers and all, must stay in the body of their own enquiry.
    const enquiry = await submitEnquiry(store, {
      firstName: 'Siti',
      email: 'siti@example.com',
      locale: 'ms',
      message: 'Subject: hacked\r\nBcc: everyone@example.com\r\n\r\nTolong bantu.',
    });
    const reference = enquiryReference(enquiry.id);
    dispatch(store, desk.config);
    const [acknowledgementAlert] = (await store.find('alerts', { enquiryId: enquiry.id })).filter(
      (alert) => alert.kind === 'acknowledgement',
    );
    const acknowledgementId = `<acknowledgement-${acknowledgementAlert!.id}@teratai-wealth.example>`;
    await arrived(smtp, acknowledgementId);
    await expect.poll(async () => (await store.find('alerts', { enquiryId: enquiry.id }))[0]?.status).toBe('sent');

    const opened = enquiryDetailSchema.parse((await client.get(`/enquiries/${enquiry.id}`)).json());
    expect(opened.replyDraft).toBe(
      `Salam sejahtera Siti,\n\nTerima kasih atas pertanyaan anda, rujukan ${reference}.\n\n\n\nYang benar,\nnurul\nTeratai Wealth`,
    );

    const posted = await client.post(`/enquiries/${enquiry.id}/replies`, { text: 'Salam Siti,\n\nKami boleh bertemu pada hari Khamis.' });
    expect(posted.status).toBe(201);
    const [message] = await store.find('messages', { enquiryId: enquiry.id });
    expect(message).toMatchObject({ kind: 'reply', userName: 'nurul', subject: `Re: Your enquiry ${reference}` });
    expect(message!.messageId).toMatch(/^<reply-[0-9a-f-]{36}@teratai-wealth\.example>$/);
    const checkCode = replyCheckCode(await store.deploymentSecret(), message!.messageId!);
    expect(message!.checkCode).toBe(checkCode);
    expect(enquiryDetailSchema.parse(posted.json()).thread.map((entry) => entry.kind)).toEqual(['enquiry', 'acknowledgement', 'reply']);

    const first = await arrived(smtp, message!.messageId!);
    expect(first.rcptTo).toEqual(['siti@example.com']);
    expect(first.mail.from?.value).toEqual([{ name: 'Teratai Wealth', address: 'replies@teratai-wealth.example' }]);
    expect(first.mail.subject).toBe(`Re: Your enquiry ${reference}`);
    expect(first.mail.headers.get('content-language')).toBe('ms');
    expect(first.mail.inReplyTo).toBe(acknowledgementId);
    expect(first.mail.references).toBe(acknowledgementId);
    expect(first.mail.replyTo?.value).toEqual([{ name: '', address: `replies+${reference.toLowerCase()}@teratai-wealth.example` }]);
    expect(first.mail.text).toBe(
      'Salam Siti,\n\nKami boleh bertemu pada hari Khamis.\n\n-- \n' +
        `Rujukan: ${reference}\nKod semakan: ${checkCode}\n` +
        `Untuk memastikan balasan ini benar-benar daripada kami, masukkan kedua-duanya di ${SITE_URL}/ms/verify\n`,
    );
    // Nothing the visitor wrote is in a header.
    const headers = first.raw.subarray(0, first.raw.indexOf('\r\n\r\n')).toString('utf8');
    expect(headers).not.toMatch(/hacked|everyone@|Siti/);

    // On record: the hash of the bytes that arrived, an audit entry with it, the status Replied.
    const sha256 = createHash('sha256').update(first.raw).digest('hex');
    await expect.poll(async () => (await store.get('messages', message!.id))?.sha256).toBe(sha256);
    await expect.poll(async () => (await findEnquiry(store, enquiry.id))?.status).toBe('replied');
    await expect.poll(async () => (await auditLog(store, { reference })).at(-1)?.action).toBe('status');
    const audit = await auditLog(store, { reference });
    expect(audit.map(({ actor, action, detail }) => ({ actor, action, detail }))).toEqual(
      expect.arrayContaining([
        { actor: 'nurul', action: 'reply', detail: null },
        { actor: 'nurul', action: 'reply-sent', detail: `SHA-256 ${sha256}` },
        { actor: null, action: 'status', detail: 'new → replied' },
      ]),
    );
    expect(await store.countNewBefore(new Date(Date.now() + 48 * 3600_000))).toBe(0);
    await expect
      .poll(async () => enquiryDetailSchema.parse((await client.get(`/enquiries/${enquiry.id}`)).json()).thread[2]?.delivery)
      .toBe('sent');

    // The second refers to the acknowledgement and the first.
    expect((await client.post(`/enquiries/${enquiry.id}/replies`, { text: 'Satu lagi.' })).status).toBe(201);
    const second = (await store.find('messages', { enquiryId: enquiry.id }))[1]!;
    const again = await arrived(smtp, second.messageId!);
    expect(again.mail.inReplyTo).toBe(message!.messageId);
    expect(again.mail.references).toEqual([acknowledgementId, message!.messageId]);
    expect(second.checkCode).not.toBe(checkCode);
    expect(replies(smtp)).toHaveLength(2);
  });

  it('are retried while the mail server refuses, shown as “failed, will retry”, then sent once', async () => {
    const desk = await openDesk(backend);
    const { store, smtp, client } = desk;
    const enquiry = await submitEnquiry(store, { email: 'wei@example.com', locale: 'zh' });
    smtp.refuseWith = 451;
    expect((await client.post(`/enquiries/${enquiry.id}/replies`, { text: '您好' })).status).toBe(201);
    const delivery = async () => enquiryDetailSchema.parse((await client.get(`/enquiries/${enquiry.id}`)).json()).thread.at(-1)?.delivery;
    expect(await delivery()).toBe('sending');
    // What a page left open asks: no personal data, so nothing on record each time.
    const audited = (await auditLog(store)).length;
    const [reply] = await store.find('messages', { enquiryId: enquiry.id });
    expect(deliveriesSchema.parse((await client.get(`/enquiries/${enquiry.id}/deliveries`)).json())).toEqual({
      status: 'new',
      deliveries: [{ id: reply!.id, delivery: 'sending' }],
    });
    expect(await auditLog(store)).toHaveLength(audited);
    dispatch(store, desk.config);
    await expect.poll(delivery, { timeout: 10_000 }).toBe('retrying');
    expect((await findEnquiry(store, enquiry.id))?.status ?? 'new').toBe('new');
    smtp.refuseWith = null;
    await expect.poll(delivery, { timeout: 10_000 }).toBe('sent');
    await expect
      .poll(async () => deliveriesSchema.parse((await client.get(`/enquiries/${enquiry.id}/deliveries`)).json()))
      .toEqual({ status: 'replied', deliveries: [{ id: reply!.id, delivery: 'sent' }] });
    expect(replies(smtp)).toHaveLength(1);
  });

  it('are sent once after a restart between storing and sending, and never again once their hash is on record', async () => {
    const data = await backend.fresh();
    const smtp = await startSmtpReceiver();
    cleanups.push(() => smtp.stop());
    const config = alertConfig(smtp, replyConfig(smtp));
    const before = await data.open();
    const enquiry = await submitEnquiry(before, { email: 'ann@example.com' });
    const message = await queueReply(before, config.reply!, enquiry, { id: enquiry.id, username: 'nurul' }, 'Dear Ann');
    await data.close(before);

    const after = await data.open();
    const dispatcher = dispatch(after, config);
    await arrived(smtp, message.messageId!);
    await expect.poll(async () => (await after.find('alerts', { enquiryId: enquiry.id }))[0]?.status).toBe('sent');
    await dispatcher.stop();

    // As if the process died after the server took it but before the outbox wrote "sent": the alert is pending again.
    const [alert] = await after.find('alerts', { enquiryId: enquiry.id });
    const [sender] = createOutboxSenders(config, after).filter((candidate) => candidate.kinds?.includes('reply'));
    expect(await sender!.send({ ...alert!, status: 'pending' }, (await findEnquiry(after, enquiry.id))!)).toMatchObject({ kind: 'sent' });
    sender!.close();
    expect(replies(smtp)).toHaveLength(1);
  });

  it('sent late, leave a newer answer New reply and a closed enquiry closed; an older answer is Replied', async () => {
    const data = await backend.fresh();
    const smtp = await startSmtpReceiver();
    cleanups.push(() => smtp.stop());
    const config = alertConfig(smtp, replyConfig(smtp));
    const store = await data.open();
    cleanups.push(() => data.close(store));
    const user = { id: 'nurul', username: 'nurul' };
    const written = new Date(Date.now() - 2 * 3600_000);
    const answer = async (enquiryId: string, createdAt: Date) => {
      await store.atomically((tx) =>
        tx.put('messages', {
          id: randomUUID(),
          enquiryId,
          kind: 'answer',
          createdAt: createdAt.toISOString(),
          from: 'ann@example.com',
          text: 'Thanks',
        }),
      );
      await updateEnquiry(store, enquiryId, { status: 'new-reply' });
    };
    // The visitor answered while the reply sat in "failed, will retry".
    const answered = await submitEnquiry(store, { email: 'ann@example.com' });
    const late = await queueReply(store, config.reply!, answered, user, 'Dear Ann', written);
    await answer(answered.id, new Date(written.getTime() + 60_000));
    // Staff closed it meanwhile.
    const closed = await submitEnquiry(store, { email: 'bob@example.com' });
    const closing = await queueReply(store, config.reply!, closed, user, 'Dear Bob', written);
    await updateEnquiry(store, closed.id, { status: 'closed' });
    // The answer came before the reply was written: the reply answers it.
    const older = await submitEnquiry(store, { email: 'cik@example.com' });
    await answer(older.id, new Date(written.getTime() - 60_000));
    const answering = await queueReply(store, config.reply!, older, user, 'Dear Cik', written);

    dispatch(store, config);
    for (const message of [late, closing, answering]) {
      await expect.poll(async () => (await store.get('messages', message.id))?.sha256, { timeout: 10_000 }).toBeDefined();
    }
    expect((await findEnquiry(store, answered.id))?.status).toBe('new-reply');
    expect((await findEnquiry(store, closed.id))?.status).toBe('closed');
    expect((await findEnquiry(store, older.id))?.status).toBe('replied');
    expect((await auditLog(store, { reference: enquiryReference(older.id) })).at(-1)).toMatchObject({
      action: 'status',
      detail: 'new-reply → replied',
    });
  });

  it('are refused with a sentence when replies are not configured, and the composer is not offered', async () => {
    const { store, client } = await openDesk(backend, null);
    const enquiry = await submitEnquiry(store);
    expect(enquiryDetailSchema.parse((await client.get(`/enquiries/${enquiry.id}`)).json()).replyDraft).toBeNull();
    const refused = await client.post(`/enquiries/${enquiry.id}/replies`, { text: 'Hello' });
    expect(refused.status).toBe(503);
    expect(refused.json().error).toMatch(/REPLY_EMAIL_FROM/);
    expect(await store.find('messages', { enquiryId: enquiry.id })).toEqual([]);
    expect((await client.post(`/enquiries/${enquiry.id}/replies`, { text: '   ' })).status).toBe(400);
  });

  it('with control characters (a terminal escape, a bidirectional override) are refused with a sentence, and nothing is stored', async () => {
    const { store, client } = await openDesk(backend);
    const enquiry = await submitEnquiry(store);
    for (const text of ['Dear Ann,\n\u001b[2J\u001b]0;owned\u0007 see you', 'Dear Ann, \u202egnp.exe', 'Dear Ann\u0085Bcc: x']) {
      const refused = await client.post(`/enquiries/${enquiry.id}/replies`, { text });
      expect(refused.status, JSON.stringify(text)).toBe(400);
      expect(refused.json().error).toMatch(/control characters/);
    }
    expect(await store.find('messages', { enquiryId: enquiry.id })).toEqual([]);
    expect((await client.post(`/enquiries/${enquiry.id}/replies`, { text: 'Dear Ann,\r\n\tThursday.' })).status).toBe(201);
  });

  it('record each hand-off to WhatsApp in the thread and the audit log', async () => {
    const { store, client } = await openDesk(backend);
    const enquiry = await submitEnquiry(store);
    const answer = await client.post(`/enquiries/${enquiry.id}/whatsapp`, {});
    expect(answer.status).toBe(201);
    const thread = enquiryDetailSchema.parse(answer.json()).thread;
    expect(thread.at(-1)).toMatchObject({ kind: 'whatsapp', by: 'nurul', delivery: null });
    expect((await auditLog(store, { reference: enquiryReference(enquiry.id) })).at(-1)).toMatchObject({
      actor: 'nurul',
      action: 'whatsapp',
    });
    expect((await client.post('/enquiries/TW-00000000/whatsapp', {})).status).toBe(404);
  });
});

describe('a reply signed with DKIM', () => {
  it('carries the signature of the configured domain and selector, and its hash is of the signed bytes', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const desk = await openDesk(backends[0]!, {
      dkim: {
        domainName: 'teratai-wealth.example',
        keySelector: 'mail2026',
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
      plusAddressing: false,
    });
    const enquiry = await submitEnquiry(desk.store, { email: 'ann@example.com' });
    dispatch(desk.store, desk.config);
    expect((await desk.client.post(`/enquiries/${enquiry.id}/replies`, { text: 'Dear Ann' })).status).toBe(201);
    const [message] = await desk.store.find('messages', { enquiryId: enquiry.id });
    const received = await arrived(desk.smtp, message!.messageId!);
    const signature = /^DKIM-Signature:.*(?:\r\n[ \t].*)*/m.exec(received.raw.toString('utf8'))?.[0] ?? '';
    expect(signature).toMatch(/d=teratai-wealth\.example/);
    expect(signature).toMatch(/s=mail2026/);
    // Plus-addressing off: the answer goes to the mailbox itself.
    expect(received.mail.replyTo?.value).toEqual([{ name: '', address: 'replies@teratai-wealth.example' }]);
    const sha256 = createHash('sha256').update(received.raw).digest('hex');
    await expect.poll(async () => (await desk.store.get('messages', message!.id))?.sha256).toBe(sha256);
  });
});
