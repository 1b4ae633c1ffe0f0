/**
 * Held for review instead of stored in full or thrown away, through the real
 * service on a real data file: what bots are counted, what is held and not
 * alerted until released, the daily ceiling and its one alert through the
 * alert outbox, against a real SMTP server and webhook receiver.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAlertDispatcher, type AlertDispatcher } from '../alerts/alert-dispatcher';
import { createAlertSenders } from '../alerts/alert-senders';
import type { AlertConfig } from '../config';
import { runControlCommand } from '../control/control-commands';
import { createApp } from '../app';
import { openFileStore, type FileStore } from '../db/file-store';
import { silentLog } from '../log';
import { type AlertChannel, utcDay } from '../records';
import { startSmtpReceiver, startWebhookReceiver, type SmtpReceiver, type WebhookReceiver } from '../test-support/alert-receivers';
import {
  listen,
  makeSiteFixture,
  makeTempDir,
  postJson,
  readAnswer,
  storeFilesSize,
  validEnquiry,
  validSubmission,
  type Running,
} from '../test-support/fixtures';
import { talliesSince } from '../store-rules';
import { auditLog } from '../audit-append';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let dbFile: string;
let distDir: string;
let store: FileStore;
let server: Running | undefined;
let smtp: SmtpReceiver;
let webhook: WebhookReceiver;
let dispatcher: AlertDispatcher | undefined;

const alertConfig = (): AlertConfig => ({
  email: { smtpUrl: smtp.url, to: ['advisers@teratai-wealth.example'], from: 'alerts@teratai-wealth.example' },
  webhook: { url: webhook.url, secret: 'x'.repeat(32) },
  timeZone: 'Asia/Kuala_Lumpur',
});

beforeEach(async () => {
  temp = await makeTempDir();
  dbFile = path.join(temp.dir, 'data', 'db.json');
  distDir = await makeSiteFixture(temp.dir);
  store = await openFileStore(dbFile, { alertChannels: ['email'] });
  smtp = await startSmtpReceiver();
  webhook = await startWebhookReceiver();
});

afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  server = undefined;
  await dispatcher?.stop();
  dispatcher = undefined;
  await store.close();
  await smtp.stop();
  await webhook.stop();
  await temp.remove();
});

async function start(options: { contactChallenge?: boolean; enquiriesPerDay?: number; alertChannels?: AlertChannel[] } = {}) {
  server = await listen(
    createApp({
      store,
      distDir,
      rateLimitPerMinute: 0,
      trustProxy: false,
      log: silentLog,
      alertChannels: ['email'],
      ...options,
    }),
  );
  return server.url;
}

/** Sends the store's alerts to the real SMTP server (and the webhook receiver when asked), as the service does. */
function dispatchAlerts({ webhook = false } = {}) {
  const config = alertConfig();
  dispatcher = startAlertDispatcher({
    store,
    senders: createAlertSenders({ ...config, webhook: webhook ? config.webhook : null }),
    log: silentLog,
  });
}

/** The form as the browser posts it with JavaScript off. */
function postForm(url: string, fields: Record<string, string>) {
  return fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...validEnquiry(), website: '', ...fields } as Record<string, string>).toString(),
  });
}

describe('bots that fill the honeypot', () => {
  it('are counted, not stored: 50 posts of 10 KB grow the store by a few kilobytes, and each is told it worked', async () => {
    await store.submitEnquiry(validSubmission()); // the files exist, with one enquiry
    await store.close();
    store = await openFileStore(dbFile, { alertChannels: ['email'] });
    const url = await start();
    const before = await storeFilesSize(dbFile);
    const message = '钱'.repeat(3_300); // 3 bytes each in UTF-8: about 10 KB a post
    for (let index = 0; index < 50; index += 1) {
      const response = await postJson(url, validEnquiry({ message, website: `https://pills.example/${index}` }), {
        'Idempotency-Key': randomUUID(),
      });
      expect(response.status).toBe(201);
      expect((await readAnswer(response)).message).toContain('Aisyah');
    }
    expect(store.spam()).toEqual([]);
    expect(store.enquiries()).toHaveLength(1);
    expect(await storeFilesSize(dbFile)).toBeLessThan(before + 4 * 1024);
    await store.close(); // the count and its five examples are written out
    expect(await storeFilesSize(dbFile)).toBeLessThan(before + 4 * 1024);
    store = await openFileStore(dbFile);
    const [tally] = await talliesSince(store, utcDay(new Date()));
    expect(tally).toMatchObject({ name: 'honeypot', count: 50 });
    expect(tally!.examples).toHaveLength(5);
    expect(tally!.examples[0]).toMatch(/^Aisyah Rahman <aisyah@example\.com>: 钱+$/);
    expect(tally!.examples[0]).toHaveLength(200);
  });

  it('from a form without JavaScript are counted too, with the same confirmation, and the counts show in the health details', async () => {
    const url = await start({ contactChallenge: true });
    const response = await postForm(url, { website: 'https://pills.example' });
    expect(response.status).toBe(201);
    expect(await response.text()).toContain('Message Sent!');
    expect(store.spam()).toEqual([]);
    const details = (await (await fetch(`${url}/api/health/details`)).json()) as { review: { held: number; counted: object } };
    expect(details.review.held).toBe(0);
    expect(details.review.counted).toMatchObject({ [utcDay(new Date())]: { honeypot: 1, 'challenge-refused': 0, 'held-refused': 0 } });
    expect(JSON.stringify(details)).not.toContain('pills');
  });
});

describe('posts that fail the challenge again and again', () => {
  it('are counted from the fifth in ten minutes from one address, each still refused with 428', async () => {
    const url = await start({ contactChallenge: true });
    const statuses = [];
    for (let index = 0; index < 7; index += 1) statuses.push((await postJson(url, validEnquiry({ message: `Try ${index}` }))).status);
    expect(statuses).toEqual([428, 428, 428, 428, 428, 428, 428]);
    const [tally] = await talliesSince(store, utcDay(new Date()));
    expect(tally).toMatchObject({ name: 'challenge-refused', count: 3 });
    expect(tally!.examples.map((example) => example.slice(-5))).toEqual(['Try 4', 'Try 5', 'Try 6']);
    expect(store.enquiries()).toEqual([]);
  });
});

describe('an enquiry sent without JavaScript', () => {
  it('is held for review and alerted to nobody; released, it is alerted once', async () => {
    dispatchAlerts();
    const url = await start({ contactChallenge: true });
    const response = await postForm(url, { message: 'My browser has JavaScript off.' });
    expect(response.status).toBe(201);
    expect(await response.text()).toContain('Message Sent!');
    expect(store.enquiries()).toEqual([]);
    expect(store.spam()).toEqual([expect.objectContaining({ reason: 'no-javascript', message: 'My browser has JavaScript off.' })]);
    expect(store.alerts()).toEqual([]);

    const reference = `TW-${store.spam()[0]!.id.slice(0, 8).toUpperCase()}`;
    const actor = 'cli:tester';
    expect(await runControlCommand(store, { command: 'held-release', actor, id: reference }, { alertChannels: ['email'] })).toEqual({
      reference,
    });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1));
    expect(smtp.received[0]!.mail.subject).toBe(`New enquiry ${reference} from Aisyah Rahman`);
    expect(store.enquiries()).toHaveLength(1);
    expect(await runControlCommand(store, { command: 'held-release', actor, id: reference }, { alertChannels: ['email'] })).toEqual({
      reference: null,
    });
    expect((await auditLog(store)).map(({ actor: who, action, reference: about }) => [who, action, about])).toEqual([
      [actor, 'release', reference],
    ]);
    await dispatcher!.stop();
    expect(smtp.received).toHaveLength(1);
  });

  it('is accepted as before when the operator turned the challenge off', async () => {
    const url = await start({ contactChallenge: false });
    expect((await postForm(url, {})).status).toBe(201);
    expect(store.enquiries()).toHaveLength(1);
    expect(store.spam()).toEqual([]);
  });
});

describe('the content rules', () => {
  const cases = [
    ['three links', { message: 'See https://a.example, http://b.example/x and www.c.example now' }, 'many-links'],
    ['a message mostly in Cyrillic', { message: 'Здравствуйте, хочу предложить вам услуги продвижения сайта' }, 'unserved-script'],
    ['a message in Hangul', { message: '안녕하세요 투자 상담을 받고 싶습니다 연락 주세요' }, 'unserved-script'],
    ['a disposable address', { email: 'someone@mailinator.com' }, 'disposable-address'],
    ['a subdomain of a disposable domain', { email: 'someone@inbox.mailinator.com' }, 'disposable-address'],
  ] as const;

  it.each(cases)('hold %s, unalerted, with the same answer', async (_name, fields, reason) => {
    const url = await start();
    const response = await postJson(url, validEnquiry(fields));
    expect(response.status).toBe(201);
    expect((await readAnswer(response)).message).toContain('Aisyah');
    expect(store.spam()).toEqual([expect.objectContaining({ reason })]);
    expect(store.enquiries()).toEqual([]);
    expect(store.alerts()).toEqual([]);
  });

  it('accept English, Malay and Chinese, two links and a known mail provider', async () => {
    const url = await start();
    for (const fields of [
      { message: 'Saya ingin berbincang tentang pelan persaraan. My site: https://a.example and www.b.example' },
      { message: '您好，我想咨询退休规划和投资组合的服务。' },
      { message: 'Hello, a short note: Привет', email: 'someone@gmail.com' },
    ]) {
      expect((await postJson(url, validEnquiry(fields))).status).toBe(201);
    }
    expect(store.spam()).toEqual([]);
    expect(store.enquiries()).toHaveLength(3);
  });

  it('accept Tamil and Malay in Jawi, which the firm’s clients write, and alert them at once', async () => {
    const url = await start();
    for (const message of [
      'வணக்கம், எனக்கு ஓய்வூதியத் திட்டமிடல் பற்றி ஆலோசனை வேண்டும்',
      'سلامت ڤاڬي، ساي ايڠين برجومڤا دڠن ڤناصيحت کواڠن تنتڠ ڤرسارائن',
    ]) {
      expect((await postJson(url, validEnquiry({ message }))).status).toBe(201);
    }
    expect(store.spam()).toEqual([]);
    expect(store.enquiries()).toHaveLength(2);
    expect(store.alerts()).toHaveLength(2);
  });
});

describe('the daily ceiling', () => {
  it('holds what comes past it, and alerts the operator once a day by e-mail and webhook, through the outbox', async () => {
    dispatchAlerts({ webhook: true });
    const url = await start({ enquiriesPerDay: 2, alertChannels: ['email', 'webhook'] });
    for (let index = 0; index < 5; index += 1) {
      const response = await postJson(url, validEnquiry({ message: `Enquiry ${index}` }));
      expect(response.status).toBe(201);
    }
    expect(store.enquiries().map((record) => record.message)).toEqual(['Enquiry 0', 'Enquiry 1']);
    expect(store.spam().map((record) => [record.message, record.reason])).toEqual([
      ['Enquiry 2', 'daily-ceiling'],
      ['Enquiry 3', 'daily-ceiling'],
      ['Enquiry 4', 'daily-ceiling'],
    ]);
    expect(store.alerts()).toHaveLength(2);
    // The outbox sends the two enquiries' alerts too: the ceiling's is the one e-mail about no enquiry.
    const operatorMails = () => smtp.received.filter(({ mail }) => mail.messageId?.startsWith('<operator-'));
    await vi.waitFor(() => expect([operatorMails().length, webhook.received.length]).toEqual([1, 1]));
    const { mail } = operatorMails()[0]!;
    expect(mail.subject).toBe(`Daily ceiling reached on ${utcDay(new Date())}: new enquiries are held for review`);
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    const day = utcDay(new Date());
    // An operator alert's webhook body ({ event, deliveryId, key, subject, text }): the ceiling is in its text.
    const posted = JSON.parse(webhook.received[0]!.body) as { text: string };
    expect(posted).toMatchObject({ event: 'ceiling.reached', key: `ceiling-${day}` });
    expect(posted.text).toContain('More than 2 enquiries (ENQUIRIES_PER_DAY) were accepted');
    expect(webhook.received[0]!.headers['teratai-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    // Queued once for three posts past the ceiling: one record a channel, each sent once.
    await vi.waitFor(async () =>
      expect((await store.find('operatorAlerts')).map((alert) => [alert.key, alert.channel, alert.status, alert.attempts])).toEqual([
        [`ceiling-${day}`, 'email', 'sent', 1],
        [`ceiling-${day}`, 'webhook', 'sent', 1],
      ]),
    );
  });

  it('is off at 0', async () => {
    const url = await start({ enquiriesPerDay: 0 });
    for (let index = 0; index < 3; index += 1) await postJson(url, validEnquiry({ message: `Enquiry ${index}` }));
    expect(store.enquiries()).toHaveLength(3);
  });
});
