/**
 * The rules of holding for review and counting instead of storing, which
 * every store keeps: run against the lowdb files and a real PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { TALLY_EXAMPLES, EXAMPLE_CHARS } from './records';
import { queueOperatorAlert } from './alerts/operator-alerts';
import { NoRoomToHoldError, type OperatorAlertRecord } from './store-interface';
import { HELD_LIMIT, heldBytesOf, talliesSince } from './store-rules';
import { validSubmission } from './test-support/fixtures';
import { useStoreBackends } from './test-support/store-backends';
import { findSpam, releaseSpam, storedUnderKey } from './enquiry-records';

const backends = useStoreBackends();

describe.each(backends)('the $name store, held for review', (backend) => {
  const open = async (options: Parameters<typeof backend.openPair>[0] = {}) => (await backend.openPair(options))[0];

  it('holds a submission for its reason, without alerts, and releases it by reference with its alerts', async () => {
    const store = await open({ alertChannels: ['email'] });
    const result = await store.submitEnquiry(validSubmission(), undefined, { holdFor: 'no-javascript' });
    if (result.outcome !== 'created') throw new Error('not created');
    expect(result.record).toMatchObject({ reason: 'no-javascript' });
    expect((await store.heldUsage()).records).toBe(1);
    const reference = `tw-${result.record.id.slice(0, 8)}`;
    expect(await findSpam(store, reference)).toMatchObject({ id: result.record.id, reason: 'no-javascript' });
    expect((await store.records()).alerts).toEqual([]);
    const released = await releaseSpam(store, (await findSpam(store, reference))!.id, ['email']);
    expect(released).not.toHaveProperty('reason');
    const { enquiries, spam, alerts } = await store.records();
    expect(enquiries.map((record) => record.id)).toEqual([result.record.id]);
    expect(spam).toEqual([]);
    expect(alerts).toHaveLength(1);
  });

  it('releases a held record once when two instances release it at once, with its alerts and acknowledgement once', async () => {
    const [a, b] = await backend.openPair({ alertChannels: ['email', 'webhook'], acknowledge: true });
    const result = await a.submitEnquiry(validSubmission(), randomUUID(), { holdFor: 'no-javascript' });
    if (result.outcome !== 'created') throw new Error('not created');
    const released = await Promise.all([
      releaseSpam(a, result.record.id, ['email', 'webhook']),
      releaseSpam(b, result.record.id, ['email', 'webhook']),
    ]);
    expect(released.filter((record) => record !== null).map((record) => record!.id)).toEqual([result.record.id]);
    const { enquiries, spam, alerts } = await b.records();
    expect([enquiries.map((record) => record.id), spam]).toEqual([[result.record.id], []]);
    expect(alerts.map((alert) => alert.kind ?? alert.channel).sort()).toEqual(['acknowledgement', 'email', 'webhook']);
    expect(await storedUnderKey(b, result.record.idempotencyKey!)).toBe(true);
  });

  it('never drops a held record to make room: past HELD_LIMIT they are all kept, and a refused one is not stored', async () => {
    const [a, b] = await backend.openPair();
    const ids: string[] = [];
    for (let index = 0; index < HELD_LIMIT + 3; index += 1) {
      const result = await (index % 2 === 0 ? a : b).submitEnquiry(validSubmission({ message: `Held ${index}` }), undefined, {
        holdFor: 'many-links',
      });
      if (result.outcome === 'created') ids.push(result.record.id);
    }
    const { spam } = await a.records();
    expect(spam.map((record) => record.id)).toEqual(ids);
    const usage = await b.heldUsage();
    expect(usage.records).toBe(HELD_LIMIT + 3);
    expect(usage.bytes).toBe(spam.reduce((sum, record) => sum + heldBytesOf(record), 0));
    await expect(
      a.submitEnquiry(validSubmission({ message: 'No room' }), undefined, { holdFor: 'no-javascript', mayHold: false }),
    ).rejects.toThrow(NoRoomToHoldError);
    const ceiling = await a.submitEnquiry(validSubmission({ message: 'Accepted' }), undefined, { mayHold: false, dailyCeiling: 1 });
    expect(ceiling.outcome).toBe('created');
    await expect(
      b.submitEnquiry(validSubmission({ message: 'Past' }), undefined, { mayHold: false, dailyCeiling: 1 }),
    ).rejects.toMatchObject({
      reason: 'daily-ceiling',
    });
    expect((await a.heldUsage()).records).toBe(HELD_LIMIT + 3);
    expect((await a.records()).enquiries.map((record) => record.message)).toEqual(['Accepted']);
  });

  it('queues an operator alert once per key across instances, and the outbox claims and records it', async () => {
    const [a, b] = await backend.openPair();
    const alert = { key: 'held-80pct-2026-11-28T22', event: 'held.nearly-full', subject: 'Nearly full', text: 'Held: 800.' };
    const now = new Date();
    const results = await Promise.all([
      queueOperatorAlert(a, ['email', 'webhook'], alert, now),
      queueOperatorAlert(b, ['email', 'webhook'], alert, now),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await queueOperatorAlert(a, ['email', 'webhook'], alert, now)).toBe(false);
    const queued = await b.find('operatorAlerts');
    expect(queued.map((record) => [record.key, record.channel, record.status])).toEqual([
      [alert.key, 'email', 'pending'],
      [alert.key, 'webhook', 'pending'],
    ]);
    expect((await a.alertSummary()).channels.email.pending).toBe(1);
    const claimed = (await a.claimDueAlerts(now, now, 10)).map(({ alert }) => alert as OperatorAlertRecord);
    expect(claimed).toHaveLength(2);
    expect(await b.claimDueAlerts(now, now, 10)).toEqual([]);
    await a.recordAlert({ ...claimed[0]!, status: 'sent', attempts: 1, sentAt: now.toISOString(), nextAttemptAt: null });
    await a.recordAlert({ ...claimed[1]!, status: 'failed', attempts: 1, lastError: 'HTTP 500', nextAttemptAt: null });
    expect((await b.find('operatorAlerts')).map((record) => record.status)).toEqual(['sent', 'failed']);
    expect(await b.retryFailedAlerts(now)).toBe(1);
    expect((await a.nextAlertDueAt())?.toISOString()).toBe(now.toISOString());
    // Kept as long as held records are, and never while pending.
    await a.deleteHeldBefore(new Date(now.getTime() + 1));
    expect((await b.find('operatorAlerts')).map((record) => record.status)).toEqual(['pending']);
  });

  it('holds past the daily ceiling, counting only the UTC day’s accepted enquiries', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T23:59:00Z') });
    const store = await open({ alertChannels: ['email'] });
    await store.submitEnquiry(validSubmission({ message: 'Yesterday' }), undefined, { dailyCeiling: 2 });
    vi.setSystemTime(new Date('2026-11-26T00:01:00Z'));
    const outcomes = [];
    for (const message of ['One', 'Two', 'Three']) {
      const result = await store.submitEnquiry(validSubmission({ message }), undefined, { dailyCeiling: 2 });
      outcomes.push(result.outcome === 'created' && 'reason' in result.record ? result.record.reason : 'accepted');
    }
    expect(outcomes).toEqual(['accepted', 'accepted', 'daily-ceiling']);
    expect((await store.records()).alerts).toHaveLength(3);
  });

  it('accepts exactly the daily ceiling when instances take the day’s last places at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T10:00:00Z') });
    const [a, b] = await backend.openPair({ alertChannels: ['email'] });
    const ceiling = 3;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        (index % 2 ? a : b).submitEnquiry(validSubmission({ message: `Racing ${index}` }), undefined, { dailyCeiling: ceiling }),
      ),
    );
    const held = results.filter((result) => result.outcome === 'created' && 'reason' in result.record);
    expect(held).toHaveLength(10 - ceiling);
    const { enquiries, spam } = await a.records();
    expect([enquiries.length, spam.length]).toEqual([ceiling, 10 - ceiling]);
  });

  it('counts per day and name, keeping the first few examples, short', async () => {
    const store = await open();
    const now = new Date('2026-11-26T10:00:00Z');
    for (let index = 0; index < 8; index += 1) await store.tally('honeypot', now, `${index}${'x'.repeat(300)}`);
    await store.tally('challenge-refused', now);
    await store.tally('honeypot', new Date('2026-11-27T01:00:00Z'), 'next day');
    const tallies = await talliesSince(store, '2026-11-26');
    expect(tallies.map(({ day, name, count }) => [day, name, count])).toEqual([
      ['2026-11-26', 'challenge-refused', 1],
      ['2026-11-26', 'honeypot', 8],
      ['2026-11-27', 'honeypot', 1],
    ]);
    const examples = tallies[1]!.examples;
    expect(examples).toHaveLength(TALLY_EXAMPLES);
    expect(examples.map((example) => example[0])).toEqual(['0', '1', '2', '3', '4']);
    for (const example of examples) expect(example).toHaveLength(EXAMPLE_CHARS);
    expect(await talliesSince(store, '2026-11-27')).toHaveLength(1);
  });

  it('keeps the tallies across a restart', async () => {
    const data = await backend.fresh();
    const first = await data.open();
    await first.tally('honeypot', new Date('2026-11-26T10:00:00Z'), 'a bot');
    await data.close(first);
    const again = await data.open();
    expect(await talliesSince(again, '2026-11-26')).toMatchObject([{ name: 'honeypot', count: 1, examples: ['a bot'] }]);
  });

  it('deletes held records and tallies older than a cutoff, and nothing else', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-10-01T00:00:00Z') });
    const store = await open();
    await store.submitEnquiry(validSubmission({ message: 'Old' }), undefined, { holdFor: 'unserved-script' });
    await store.submitEnquiry(validSubmission({ message: 'Old enquiry' }));
    await store.tally('honeypot', new Date());
    vi.setSystemTime(new Date('2026-11-26T00:00:00Z'));
    await store.submitEnquiry(validSubmission({ message: 'New' }), undefined, { holdFor: 'unserved-script' });
    await store.tally('honeypot', new Date());
    expect(await store.deleteHeldBefore(new Date('2026-10-27T00:00:00Z'))).toBe(1);
    const { enquiries, spam } = await store.records();
    expect(spam.map((record) => record.message)).toEqual(['New']);
    expect(enquiries).toHaveLength(1);
    expect((await talliesSince(store, '2026-01-01')).map((tally) => tally.day)).toEqual(['2026-11-26']);
  });
});
