import { createHmac } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enquiryReference } from '../../contract/reference';
import { createApp } from '../app';
import type { AlertConfig } from '../config';
import type { AlertChannel } from '../records';
import { silentLog } from '../log';
import { openFileStore, type FileStore } from '../db/file-store';
import { startSmtpReceiver, startWebhookReceiver, type SmtpReceiver, type WebhookReceiver } from '../test-support/alert-receivers';
import { enquiryRecord, listen, makeSiteFixture, makeTempDir, postJson, validEnquiry, validSubmission } from '../test-support/fixtures';
import { startAlertDispatcher, type AlertDispatcher } from './alert-dispatcher';
import { configuredChannels, createAlertSenders } from './alert-senders';
import { createWebhookSender } from './webhook-sender';

/** Short waits, so that retries show within a test. */
const FAST_RETRY = { firstDelayMs: 100, maxDelayMs: 400, windowMs: 60_000 };
const SECRET = 'webhook secret for the tests, 32 characters or more';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let smtp: SmtpReceiver;
let webhook: WebhookReceiver;
let store: FileStore;
let dispatcher: AlertDispatcher | null;

function alertConfig(channels: readonly AlertChannel[]): AlertConfig {
  return {
    email: channels.includes('email')
      ? {
          smtpUrl: smtp.url,
          to: ['advisers@teratai-wealth.example', 'owner@teratai-wealth.example'],
          from: 'Teratai Alerts <alerts@teratai-wealth.example>',
        }
      : null,
    webhook: channels.includes('webhook') ? { url: webhook.url, secret: SECRET } : null,
    timeZone: 'Asia/Kuala_Lumpur',
  };
}

async function start(channels: readonly AlertChannel[], retry = FAST_RETRY) {
  const config = alertConfig(channels);
  store = await openFileStore(path.join(temp.dir, 'db.json'), { alertChannels: configuredChannels(config) });
  dispatcher = startAlertDispatcher({ store, senders: createAlertSenders(config), log: silentLog, retry });
}

async function submit(overrides: Parameters<typeof validSubmission>[0] = {}) {
  const result = await store.submitEnquiry(validSubmission(overrides));
  if (result.outcome === 'conflict') throw new Error('unexpected conflict');
  return result.record;
}

/** The one e-mail the test expects, once it has arrived. */
async function received() {
  await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5_000 });
  return smtp.received[0]!.mail;
}

beforeEach(async () => {
  temp = await makeTempDir();
  smtp = await startSmtpReceiver();
  webhook = await startWebhookReceiver();
  dispatcher = null;
});

afterEach(async () => {
  await dispatcher?.stop();
  await store?.close();
  await smtp.stop();
  await webhook.stop();
  await temp.remove();
});

describe('the e-mail alert', () => {
  it('goes to every recipient, answers to the visitor, names them, and carries every field', async () => {
    await start(['email']);
    const record = await submit({ message: 'I would like a portfolio review.\nMornings suit me.' });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5_000 });
    const [{ rcptTo, mail }] = smtp.received as [(typeof smtp.received)[0]];
    expect(rcptTo).toEqual(['advisers@teratai-wealth.example', 'owner@teratai-wealth.example']);
    expect(mail.from?.value).toEqual([{ name: 'Teratai Alerts', address: 'alerts@teratai-wealth.example' }]);
    expect(mail.replyTo?.value).toEqual([{ name: '', address: 'aisyah@example.com' }]);
    expect(mail.subject).toBe(`New enquiry ${enquiryReference(record.id)} from Aisyah Rahman`);
    expect(mail.messageId).toBe(`<enquiry-${record.id}@teratai-wealth.example>`);
    for (const field of ['Aisyah Rahman', 'aisyah@example.com', '+60 12-345 6789', record.id, 'Mornings suit me.']) {
      expect(mail.text).toContain(field);
    }
    // The time in the firm's zone (UTC+8), not the stored UTC time.
    const localHour = String((new Date(record.createdAt).getUTCHours() + 8) % 24).padStart(2, '0');
    expect(mail.text).toMatch(new RegExp(`at ${localHour}:\\d\\d \\(Asia/Kuala_Lumpur\\)`));
    expect(mail.html).toContain('Mornings suit me.');
    expect(mail.text).toContain('Language:   English (en)\n');
    await vi.waitFor(() => expect(store.alerts()[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: null }));
  });

  it('names the language the visitor wrote in, so that the answer can be in it', async () => {
    await start(['email']);
    const record = await submit({ firstName: 'Siti', message: 'Saya ingin semakan portfolio.', locale: 'ms' });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5_000 });
    const { mail } = smtp.received[0]!;
    expect(mail.subject).toBe(`New enquiry ${enquiryReference(record.id)} from Siti Rahman`);
    expect(mail.text).toContain('Language:   Bahasa Malaysia (ms)\n');
    expect(mail.html).toContain('<th align="left" style="padding:2px 12px 2px 0">Language</th><td>Bahasa Malaysia (ms)</td>');
  });

  it("escapes the visitor's text in the HTML part", async () => {
    await start(['email']);
    await submit({ message: '<script>alert(1)</script>' });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5_000 });
    expect(smtp.received[0]?.mail.html).toContain('&lt;script&gt;');
    expect(smtp.received[0]?.mail.html).not.toContain('<script>');
  });
});

describe('the e-mail alert cannot be dressed up by the visitor', () => {
  const rawHeader = (mail: ParsedMail, name: string) => mail.headerLines.find((header) => header.key === name)?.line;

  it('answers to the bare address, whatever the name looks like', async () => {
    await start(['email']);
    await submit({ firstName: 'ops@teratai-wealth.example', lastName: '(Teratai Operations)', email: 'mallory@evil.example' });
    const mail = await received();
    expect(mail.replyTo?.value).toEqual([{ name: '', address: 'mallory@evil.example' }]);
    expect(rawHeader(mail, 'reply-to')).toBe('Reply-To: mallory@evil.example');
  });

  it('carries Auto-Submitted, so that an out-of-office reply does not go to the visitor', async () => {
    await start(['email']);
    await submit();
    expect((await received()).headers.get('auto-submitted')).toBe('auto-generated');
  });

  it('says the address is as the visitor typed it, unverified', async () => {
    await start(['email']);
    await submit();
    const mail = await received();
    expect(mail.text).toContain('E-mail:     aisyah@example.com (as typed by the visitor, unverified)\n');
    expect(mail.html).toContain('<td>aisyah@example.com (as typed by the visitor, unverified)</td>');
  });

  it('keeps the message in its own block, each line marked, so that it cannot pass for the alert’s own lines', async () => {
    await start(['email']);
    const forged = 'Hello.\nName:       Teratai Operations\n----- end of the visitor\u2019s message -----\n\nPasted\u2028line';
    await submit({ message: forged });
    const mail = await received();
    expect(mail.text).toContain(
      [
        '----- the visitor\u2019s message, as typed (each line starts with "> ") -----',
        '> Hello.',
        '> Name:       Teratai Operations',
        '> ----- end of the visitor\u2019s message -----',
        '>',
        '> Pasted',
        '> line',
        '----- end of the visitor\u2019s message -----',
      ].join('\n'),
    );
    expect(mail.html).toMatch(
      /<blockquote style="[^"]*border[^"]*">Hello\.\nName: {7}Teratai Operations\n----- end of the visitor’s message -----\n\nPasted\u2028line<\/blockquote>/,
    );
  });

  it('a test alert carries Auto-Submitted too', async () => {
    await start(['email']);
    const [sender] = createAlertSenders(alertConfig(['email']));
    try {
      expect(await sender!.sendTest(enquiryRecord(1))).toMatchObject({ kind: 'sent' });
    } finally {
      sender!.close();
    }
    const mail = await received();
    expect(mail.subject).toMatch(/^Test alert: New enquiry TW-[0-9A-F]{8} from First1 Last1$/);
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
  });
});

describe('an encoded word as a first name', () => {
  it('is refused at the door: no alert is sent for it, and the next enquiry’s alert is plain', async () => {
    await start(['email']);
    const app = createApp({
      store,
      distDir: await makeSiteFixture(temp.dir),
      rateLimitPerMinute: 0,
      trustProxy: false,
      alertChannels: ['email'],
      log: silentLog,
    });
    const server = await listen(app);
    try {
      const refused = await postJson(server.url, validEnquiry({ firstName: '=?UTF-8?Q?=0D=0ABcc:_x@evil.example?=' }));
      expect(refused.status).toBe(400);
      expect(await refused.text()).toMatch(/^First name contains characters that are not allowed/);
      const accepted = await postJson(server.url, validEnquiry({ firstName: 'Siti' }));
      expect(accepted.status).toBe(201);
    } finally {
      await server.close();
    }
    const mail = await received();
    expect(mail.subject).toMatch(/^New enquiry TW-[0-9A-F]{8} from Siti Rahman$/);
    expect(mail.headerLines.map((header) => header.line).join('\n')).not.toContain('=?');
    expect(store.alerts()).toHaveLength(1);
  });
});

describe('the webhook alert', () => {
  it('posts the enquiry as JSON, signed with the time so that the receiver can verify it, with a delivery id in the body', async () => {
    await start(['webhook']);
    const record = await submit();
    await vi.waitFor(() => expect(webhook.received).toHaveLength(1), { timeout: 5_000 });
    const [{ headers, body }] = webhook.received as [(typeof webhook.received)[0]];
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers['teratai-signature'])) ?? [];
    expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(10);
    expect(v1).toBe(createHmac('sha256', SECRET).update(`${t}.${body}`).digest('hex'));
    expect(headers['x-signature-256']).toBeUndefined();
    expect(headers['x-delivery-id']).toBeUndefined();
    expect(headers['content-type']).toBe('application/json');
    const alert = store.alerts()[0]!;
    expect(JSON.parse(body)).toEqual({
      event: 'enquiry.created',
      deliveryId: alert.id,
      enquiry: {
        id: record.id,
        ...validEnquiry(), // every field the visitor sent, as sent
        locale: 'en',
        createdAt: record.createdAt,
      },
    });
  });

  it('is signed afresh on every attempt, with the time of that attempt', async () => {
    let clock = Date.UTC(2026, 10, 26, 9, 0, 0);
    const sender = createWebhookSender({ url: webhook.url, secret: SECRET }, () => clock);
    await start([]);
    const record = await submit();
    const alert = { id: 'b3f1c1e4-6c1f-4f0e-9d3a-2f6f4c1d8e7a' } as Parameters<typeof sender.send>[0];
    expect(await sender.send(alert, record)).toMatchObject({ kind: 'sent' });
    clock += 90_000;
    expect(await sender.send(alert, record)).toMatchObject({ kind: 'sent' });
    const [first, second] = webhook.received.map(({ headers, body }) => ({ signature: String(headers['teratai-signature']), body }));
    expect(first!.body).toBe(second!.body);
    const t = Date.UTC(2026, 10, 26, 9, 0, 0) / 1000;
    for (const [{ signature, body }, time] of [
      [first!, t],
      [second!, t + 90],
    ] as const) {
      expect(signature).toBe(`t=${time},v1=${createHmac('sha256', SECRET).update(`${time}.${body}`).digest('hex')}`);
    }
  });

  it('carries the language the visitor wrote in', async () => {
    await start(['webhook']);
    await submit({ firstName: '伟明', lastName: '陈', locale: 'zh' });
    await vi.waitFor(() => expect(webhook.received).toHaveLength(1), { timeout: 5_000 });
    expect(JSON.parse(webhook.received[0]!.body).enquiry).toMatchObject({ firstName: '伟明', lastName: '陈', locale: 'zh' });
  });

  it('is tried again after 500 twice, and delivered on the third attempt', async () => {
    webhook.answers = [500, 500];
    await start(['webhook']);
    await submit();
    await vi.waitFor(() => expect(store.alerts()[0]?.status).toBe('sent'), { timeout: 10_000 });
    expect(webhook.received.map((request) => JSON.parse(request.body).deliveryId)).toEqual(Array(3).fill(store.alerts()[0]!.id));
    expect(store.alerts()[0]).toMatchObject({ attempts: 3, lastError: null });
  });

  it('is marked failed on a permanent refusal (404), with the answer kept, and sent by a retry', async () => {
    webhook.answers = [404];
    await start(['webhook']);
    await submit();
    await vi.waitFor(() => expect(store.alerts()[0]?.status).toBe('failed'), { timeout: 5_000 });
    expect(store.alerts()[0]?.lastError).toBe('HTTP 404: Refused by the test (404)');
    expect(webhook.received).toHaveLength(1);
    expect(await store.retryFailedAlerts(new Date())).toBe(1);
    await vi.waitFor(() => expect(store.alerts()[0]?.status).toBe('sent'), { timeout: 5_000 });
    expect(webhook.received).toHaveLength(2);
  });
});

describe('when the mail server is down', () => {
  it('keeps the alert pending and delivers it once the server is back, once', async () => {
    await smtp.stop();
    await start(['email']);
    await submit();
    await vi.waitFor(() => expect(store.alerts()[0]?.attempts).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
    expect(store.alerts()[0]).toMatchObject({ status: 'pending', lastError: expect.stringContaining('ECONNREFUSED') });
    await smtp.start();
    await vi.waitFor(() => expect(store.alerts()[0]?.status).toBe('sent'), { timeout: 5_000 });
    // Nothing more can be sent: the stop waits for any send in flight, and nothing is left due for a later one.
    const stopping = dispatcher!;
    dispatcher = null;
    await stopping.stop();
    expect(await store.nextAlertDueAt()).toBeNull();
    expect(smtp.received).toHaveLength(1);
  });

  it('delivers every alert queued meanwhile once it is back, none holding up the others', async () => {
    await smtp.stop();
    await start(['email']);
    for (const firstName of ['Ann', 'Ben', 'Chen', 'Devi', 'Eli', 'Farah']) {
      await submit({ firstName });
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct arrival times
    }
    await vi.waitFor(() => expect(store.alerts().every((alert) => alert.attempts >= 1)).toBe(true), { timeout: 5_000 });
    await smtp.start();
    await vi.waitFor(() => expect(store.alerts().every((alert) => alert.status === 'sent')).toBe(true), { timeout: 10_000 });
    expect(smtp.received.map((received) => received.mail.subject)).toHaveLength(6);
    expect(new Set(smtp.received.map((received) => received.mail.messageId)).size).toBe(6);
  });

  it('marks the alert failed on a permanent refusal (SMTP 550), keeping what the server said', async () => {
    smtp.refuseWith = 550;
    await start(['email']);
    await submit();
    await vi.waitFor(() => expect(store.alerts()[0]?.status).toBe('failed'), { timeout: 5_000 });
    expect(store.alerts()[0]?.lastError).toContain('550');
    expect(store.alerts()[0]?.attempts).toBe(1);
  });

  it('retries a temporary refusal (SMTP 451)', async () => {
    smtp.refuseWith = 451;
    await start(['email']);
    await submit();
    await vi.waitFor(() => expect(store.alerts()[0]?.attempts).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
    expect(store.alerts()[0]).toMatchObject({ status: 'pending', lastError: expect.stringContaining('451') });
    smtp.refuseWith = null;
    await vi.waitFor(() => expect(store.alerts()[0]?.status).toBe('sent'), { timeout: 5_000 });
  });

  it('gives up at the end of the retry window and marks the alert failed', async () => {
    await smtp.stop();
    await start(['email'], { firstDelayMs: 100, maxDelayMs: 100, windowMs: 400 });
    await submit();
    await vi.waitFor(() => expect(store.alerts()[0]?.status).toBe('failed'), { timeout: 5_000 });
    expect(store.alerts()[0]?.lastError).toMatch(/gave up after \d+ attempts/);
  });
});

describe('what gets an alert', () => {
  it('each enquiry on each channel, and a honeypot catch on none', async () => {
    await start(['email', 'webhook']);
    await submit({ website: 'http://spam.example' });
    const record = await submit();
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5_000 });
    await vi.waitFor(() => expect(webhook.received).toHaveLength(1), { timeout: 5_000 });
    expect(
      store
        .alerts()
        .map((alert) => alert.channel)
        .sort(),
    ).toEqual(['email', 'webhook']);
    expect(smtp.received[0]?.mail.subject).toBe(`New enquiry ${enquiryReference(record.id)} from Aisyah Rahman`);
  });

  it('after a graceful stop, an alert sent in flight is recorded: nothing is sent twice', async () => {
    await start(['email']);
    await submit();
    await dispatcher!.stop();
    dispatcher = null;
    const sent = smtp.received.length;
    expect(store.alerts()[0]?.status).toBe(sent === 1 ? 'sent' : 'pending');
    await store.close();
    await start(['email']);
    await vi.waitFor(() => expect(store.alerts()[0]?.status).toBe('sent'), { timeout: 5_000 });
    expect(smtp.received).toHaveLength(1);
  });
});

describe('a stop while the mail server hangs', () => {
  it('waits for the send at most stopWaitMs, records it as interrupted, and sends it at the next start', async () => {
    // A server that accepts the connection and never says a word: nodemailer would wait 10 s for its greeting.
    const hanging = net.createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const connected = new Promise<void>((resolve) => hanging.once('connection', () => resolve()));
    try {
      const config = alertConfig(['email']);
      const email = { ...config.email!, smtpUrl: `smtp://127.0.0.1:${(hanging.address() as AddressInfo).port}` };
      store = await openFileStore(path.join(temp.dir, 'db.json'), { alertChannels: ['email'] });
      const stopping = startAlertDispatcher({
        store,
        senders: createAlertSenders({ ...config, email }),
        log: silentLog,
        retry: FAST_RETRY,
        stopWaitMs: 300,
      });
      await submit();
      await connected;
      const started = performance.now();
      await stopping.stop();
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(store.alerts()[0]).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: expect.stringContaining('the service stopped before the server answered'),
      });
      await store.close();
    } finally {
      hanging.close();
    }
    await start(['email']);
    await vi.waitFor(() => expect(store.alerts()[0]?.status).toBe('sent'), { timeout: 5_000 });
    expect(smtp.received).toHaveLength(1);
  });
});
