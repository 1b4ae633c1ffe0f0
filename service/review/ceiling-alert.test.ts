/**
 * The daily ceiling's alert from two instances at once, queued as one
 * operator alert a day and delivered by the real alert dispatcher, with its
 * retry, at a real SMTP server and webhook receiver, on both stores.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAlertDispatcher, type AlertDispatcher } from '../alerts/alert-dispatcher';
import { createOutboxSenders } from '../alerts/alert-senders';
import { silentLog } from '../log';
import type { Store } from '../store-interface';
import { startSmtpReceiver, startWebhookReceiver, type SmtpReceiver, type WebhookReceiver } from '../test-support/alert-receivers';
import { useStoreBackends } from '../test-support/store-backends';
import { createCeilingAlert } from './ceiling-alert';

const backends = useStoreBackends();
const alertChannels = ['email', 'webhook'] as const;
/** Short waits, so that the outbox's retry shows within a test; a window long enough for the day the test sets. */
const FAST_RETRY = { firstDelayMs: 100, maxDelayMs: 400, windowMs: 7 * 24 * 60 * 60 * 1000 };
let smtp: SmtpReceiver;
let webhook: WebhookReceiver;
let dispatchers: AlertDispatcher[] = [];

beforeEach(async () => {
  smtp = await startSmtpReceiver();
  webhook = await startWebhookReceiver();
});

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(dispatchers.map((dispatcher) => dispatcher.stop()));
  dispatchers = [];
  await smtp.stop();
  await webhook.stop();
});

function dispatchFrom(store: Store): void {
  const senders = createOutboxSenders({
    email: { smtpUrl: smtp.url, to: ['advisers@teratai-wealth.example'], from: 'Teratai Alerts <alerts@teratai-wealth.example>' },
    webhook: { url: webhook.url, secret: 's'.repeat(32) },
    timeZone: 'Asia/Kuala_Lumpur',
  });
  dispatchers.push(startAlertDispatcher({ store, senders, log: silentLog, retry: FAST_RETRY }));
}

describe.each(backends)('the daily ceiling’s alert, on the $name store', (backend) => {
  it('is queued once a day by two instances whose posts pass the ceiling at once, and retried by the outbox until the webhook takes it', async () => {
    const [a, b] = await backend.openPair();
    // The clock runs from there, so that a retry falls due.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T09:00:00Z'), shouldAdvanceTime: true });
    const instances = [a, b].map((store) => createCeilingAlert({ store, alertChannels, ceiling: 2, log: silentLog }));
    webhook.answers.push(503);
    await Promise.all([...instances, ...instances].map((instance) => instance.passed(new Date())));
    dispatchFrom(a);
    if (backend.shared) dispatchFrom(b);

    const sent = async () => (await a.find('operatorAlerts')).filter((alert) => alert.status === 'sent');
    await expect.poll(async () => (await sent()).length, { timeout: 10_000 }).toBe(2);
    expect((await a.find('operatorAlerts')).map((alert) => [alert.key, alert.channel, alert.attempts])).toEqual([
      ['ceiling-2026-11-26', 'email', 1],
      ['ceiling-2026-11-26', 'webhook', 2],
    ]);
    expect(smtp.received.map(({ mail }) => mail.subject)).toEqual([
      'Daily ceiling reached on 2026-11-26: new enquiries are held for review',
    ]);
    expect(webhook.received.map(({ body }) => JSON.parse(body) as { event: string; key: string })).toMatchObject([
      { event: 'ceiling.reached', key: 'ceiling-2026-11-26' }, // refused with 503
      { event: 'ceiling.reached', key: 'ceiling-2026-11-26' },
    ]);

    vi.setSystemTime(new Date('2026-11-27T09:00:00Z'));
    await Promise.all([...instances].reverse().map((instance) => instance.passed(new Date())));
    await expect.poll(async () => (await sent()).length, { timeout: 10_000 }).toBe(4);
    expect(smtp.received.map(({ mail }) => mail.subject)).toEqual([
      'Daily ceiling reached on 2026-11-26: new enquiries are held for review',
      'Daily ceiling reached on 2026-11-27: new enquiries are held for review',
    ]);
  });
});
