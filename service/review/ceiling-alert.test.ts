/**
 * The daily ceiling's alert from two instances at once, queued as one
 * operator alert a day and delivered by the real alert dispatcher, with its
 * retry, at a real SMTP server and webhook receiver, on both stores.
 */
import { describe, expect, it, vi } from 'vitest';
import { silentLog } from '../log';
import { useOutbox } from '../test-support/per-test';
import { useStoreBackends } from '../test-support/store-backends';
import { createCeilingAlert } from './ceiling-alert';

const backends = useStoreBackends();
const alertChannels = ['email', 'webhook'] as const;
const outbox = useOutbox();
const { dispatchFrom } = outbox;

describe.each(backends)('the daily ceiling’s alert, on the $name store', (backend) => {
  it('is queued once a day by two instances whose posts pass the ceiling at once, and retried by the outbox until the webhook takes it', async () => {
    const [a, b] = await backend.openPair();
    // The clock runs from there, so that a retry falls due.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T09:00:00Z'), shouldAdvanceTime: true });
    const instances = [a, b].map((store) => createCeilingAlert({ store, alertChannels, ceiling: 2, log: silentLog }));
    outbox.webhook.answers.push(503);
    await Promise.all([...instances, ...instances].map((instance) => instance.passed(new Date())));
    dispatchFrom(a);
    if (backend.shared) dispatchFrom(b);

    const sent = async () => (await a.find('operatorAlerts')).filter((alert) => alert.status === 'sent');
    await expect.poll(async () => (await sent()).length, { timeout: 10_000 }).toBe(2);
    expect((await a.find('operatorAlerts')).map((alert) => [alert.key, alert.channel, alert.attempts])).toEqual([
      ['ceiling-2026-11-26', 'email', 1],
      ['ceiling-2026-11-26', 'webhook', 2],
    ]);
    expect(outbox.smtp.received.map(({ mail }) => mail.subject)).toEqual([
      'Daily ceiling reached on 2026-11-26: new enquiries are held for review',
    ]);
    expect(outbox.webhook.received.map(({ body }) => JSON.parse(body) as { event: string; key: string })).toMatchObject([
      { event: 'ceiling.reached', key: 'ceiling-2026-11-26' }, // refused with 503
      { event: 'ceiling.reached', key: 'ceiling-2026-11-26' },
    ]);

    vi.setSystemTime(new Date('2026-11-27T09:00:00Z'));
    await Promise.all([...instances].reverse().map((instance) => instance.passed(new Date())));
    await expect.poll(async () => (await sent()).length, { timeout: 10_000 }).toBe(4);
    expect(outbox.smtp.received.map(({ mail }) => mail.subject)).toEqual([
      'Daily ceiling reached on 2026-11-26: new enquiries are held for review',
      'Daily ceiling reached on 2026-11-27: new enquiries are held for review',
    ]);
  });
});
