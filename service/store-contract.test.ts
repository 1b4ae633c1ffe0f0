/**
 * The rules every store keeps, run against both: the lowdb files and a real
 * PostgreSQL server started for this file. PostgreSQL is shared by several
 * instances, so its cases also run across two Store objects on one database
 * where lowdb (one writer per file) runs them within one.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { afterAttempt, DEFAULT_RETRY_POLICY } from './alerts/alert-records';
import { ALERT_CLAIM_MS } from './db/postgres/alert-queue';
import { alertRecordSchema, enquiryRecordSchema, spamRecordSchema, type AlertRecord } from './records';
import { validSubmission } from './test-support/fixtures';
import { useStoreBackends } from './test-support/store-backends';
import { deleteSpam, releaseSpam, storedUnderKey } from './enquiry-records';

const backends = useStoreBackends();

describe.each(backends)('the $name store', (backend) => {
  const { openPair } = backend;
  const open = async (options: Parameters<typeof openPair>[0] = {}) => (await openPair(options))[0];

  describe('idempotency keys', () => {
    it('answer a replay with the same body with the first record, and a different body with a conflict', async () => {
      const store = await open();
      const key = randomUUID();
      const first = await store.submitEnquiry(validSubmission(), key);
      expect(first.outcome).toBe('created');
      const replay = await store.submitEnquiry(validSubmission(), key);
      expect(replay).toEqual({ outcome: 'replayed', record: first.outcome === 'created' ? first.record : null });
      expect(await store.submitEnquiry(validSubmission({ message: 'Something else' }), key)).toEqual({ outcome: 'conflict' });
      expect((await store.records()).enquiries).toHaveLength(1);
    });

    it('store one record when the same key arrives many times at once, on every instance', async () => {
      const [a, b] = await openPair({ alertChannels: ['email'] });
      const key = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, index) => (index % 2 === 0 ? a : b).submitEnquiry(validSubmission(), key)),
      );
      const ids = new Set(results.map((result) => (result.outcome === 'conflict' ? 'conflict' : result.record.id)));
      expect(ids.size).toBe(1);
      expect(results.filter((result) => result.outcome === 'created')).toHaveLength(1);
      const { enquiries, alerts } = await a.records();
      expect(enquiries).toHaveLength(1);
      expect(alerts).toHaveLength(1);
    });

    it('hold across enquiries and spam: one key is one submission', async () => {
      const store = await open();
      const key = randomUUID();
      const spam = await store.submitEnquiry(validSubmission({ website: 'https://spam.example' }), key);
      expect(spam.outcome).toBe('created');
      expect((await store.submitEnquiry(validSubmission({ website: 'https://spam.example' }), key)).outcome).toBe('replayed');
      expect(await store.submitEnquiry(validSubmission(), key)).toEqual({ outcome: 'conflict' });
      expect((await store.records()).enquiries).toEqual([]);
    });
  });

  describe('the deployment secret', () => {
    it('is 32 bytes, kept: the same after the store is opened again', async () => {
      const data = await backend.fresh();
      const first = await data.open();
      const secret = await first.deploymentSecret();
      await data.close(first);
      const again = await data.open();
      expect(secret).toHaveLength(32);
      expect(await again.deploymentSecret()).toEqual(secret);
    });

    it('is another one for another store', async () => {
      const [a] = await openPair();
      const [b] = await openPair();
      expect(await a.deploymentSecret()).not.toEqual(await b.deploymentSecret());
    });

    // Only where several instances share the data: a lowdb file has one writer.
    if (backend.shared)
      it('is the same on every instance, started together on an empty database', async () => {
        const data = await backend.fresh();
        const instances = await Promise.all(Array.from({ length: 4 }, () => data.open()));
        const [first, ...others] = await Promise.all(instances.map((store) => store.deploymentSecret()));
        for (const secret of others) expect(secret).toEqual(first);
      });
  });

  it('keeps honeypot catches apart, with the field that gave them away and no alert', async () => {
    const store = await open({ alertChannels: ['email', 'webhook'] });
    await store.submitEnquiry(validSubmission({ website: 'https://spam.example' }));
    const { enquiries, spam, alerts } = await store.records();
    expect(enquiries).toEqual([]);
    expect(spam).toEqual([expect.objectContaining({ firstName: 'Aisyah', website: 'https://spam.example' })]);
    expect(alerts).toEqual([]);
  });

  describe('languages', () => {
    it('store each enquiry and honeypot catch with its language, English when it came with none', async () => {
      const [store, other] = await openPair({ alertChannels: ['email'] });
      await store.submitEnquiry(validSubmission({ firstName: 'Siti', locale: 'ms' }));
      await store.submitEnquiry(validSubmission({ firstName: 'Wei Ming', locale: 'zh' }), randomUUID());
      await store.submitEnquiry(validSubmission({ firstName: 'Ann' }));
      await store.submitEnquiry(validSubmission({ firstName: 'Bot', website: 'x', locale: 'zh' }));
      const { enquiries, spam } = await other.records();
      expect(enquiries.map((record) => [record.firstName, record.locale])).toEqual([
        ['Siti', 'ms'],
        ['Wei Ming', 'zh'],
        ['Ann', 'en'],
      ]);
      expect(spam.map((record) => record.locale)).toEqual(['zh']);
      const now = new Date();
      const claimed = await other.claimDueAlerts(now, now, 10);
      expect(claimed.map(({ enquiry }) => enquiry?.locale)).toEqual(['ms', 'zh', 'en']);
    });

    it('count the same words in another language as the same enquiry for its key', async () => {
      const store = await open();
      const key = randomUUID();
      const first = await store.submitEnquiry(validSubmission({ locale: 'ms' }), key);
      const again = await store.submitEnquiry(validSubmission({ locale: 'zh' }), key);
      expect(again.outcome).toBe('replayed');
      expect(again.outcome === 'replayed' && again.record).toEqual(first.outcome === 'created' && first.record);
      expect((await store.records()).enquiries.map((record) => record.locale)).toEqual(['ms']);
    });
  });

  it('writes an enquiry with one pending alert per channel, due at once', async () => {
    const store = await open({ alertChannels: ['email', 'webhook'] });
    const added = vi.fn();
    store.onAlertsAdded(added);
    const result = await store.submitEnquiry(validSubmission());
    if (result.outcome === 'conflict') throw new Error('unexpected conflict');
    const { alerts } = await store.records();
    expect(alerts.map((alert) => [alert.enquiryId, alert.channel, alert.status, alert.nextAttemptAt])).toEqual([
      [result.record.id, 'email', 'pending', result.record.createdAt],
      [result.record.id, 'webhook', 'pending', result.record.createdAt],
    ]);
    expect(added).toHaveBeenCalledTimes(1);
    expect(await store.nextAlertDueAt()).toEqual(new Date(result.record.createdAt));
    expect((await store.alertSummary()).channels).toEqual({ email: { pending: 1, failed: 0 }, webhook: { pending: 1, failed: 0 } });
  });

  describe('alert claims', () => {
    async function withDueAlerts(count: number) {
      const pair = await openPair({ alertChannels: ['webhook'] });
      for (let index = 0; index < count; index += 1) await pair[0].submitEnquiry(validSubmission({ message: `Enquiry ${index}` }));
      return pair;
    }

    it('hand each due alert to one sender, oldest first, with its enquiry, even when several claim at once', async () => {
      const [a, b] = await withDueAlerts(40);
      const now = new Date();
      // Eight senders at once, half on each instance, with room for twice what is due.
      const claims = await Promise.all(Array.from({ length: 8 }, (_, index) => (index % 2 ? a : b).claimDueAlerts(now, now, 10)));
      const ids = claims.flat().map(({ alert }) => alert.id);
      expect(new Set(ids).size).toBe(40);
      expect(ids).toHaveLength(40);
      for (const claimed of claims) {
        expect(claimed.every(({ enquiry, alert }) => enquiry?.id === (alert as AlertRecord).enquiryId)).toBe(true);
        const order = claimed.map(({ enquiry }) => Number(enquiry!.message.split(' ')[1]));
        expect(order).toEqual([...order].sort((x, y) => x - y));
      }
      expect(await a.claimDueAlerts(now, now, 10)).toEqual([]);
    });

    it('release a claim with the outcome: a retry later is not due before its time', async () => {
      const [store] = await withDueAlerts(1);
      const now = new Date();
      const [claimed] = await store.claimDueAlerts(now, now, 1);
      await store.recordAlert(afterAttempt(claimed!.alert, { kind: 'temporary', error: 'HTTP 503' }, now, DEFAULT_RETRY_POLICY));
      expect(await store.claimDueAlerts(now, now, 1)).toEqual([]);
      const later = new Date(now.getTime() + DEFAULT_RETRY_POLICY.firstDelayMs + 1);
      expect((await store.claimDueAlerts(later, now, 1)).map(({ alert }) => alert.attempts)).toEqual([1]);
    });

    it('make alerts tried by an earlier run due at start', async () => {
      const [store] = await withDueAlerts(1);
      const tried = new Date();
      const [claimed] = await store.claimDueAlerts(tried, tried, 1);
      await store.recordAlert(afterAttempt(claimed!.alert, { kind: 'temporary', error: 'timeout' }, tried, DEFAULT_RETRY_POLICY));
      const restartedAt = new Date(tried.getTime() + 1);
      expect(await store.claimDueAlerts(restartedAt, restartedAt, 1)).toHaveLength(1);
    });

    // Only where several instances share the data: a lowdb file has one writer.
    if (backend.shared)
      it('of an instance that died mid-send run out, and another instance takes the alert', async () => {
        const [dying, survivor] = await withDueAlerts(1);
        const now = new Date();
        expect(await dying.claimDueAlerts(now, now, 1)).toHaveLength(1);
        const beforeExpiry = new Date(now.getTime() + ALERT_CLAIM_MS - 1);
        expect(await survivor.claimDueAlerts(beforeExpiry, now, 1)).toEqual([]);
        expect(await survivor.nextAlertDueAt()).toEqual(new Date(now.getTime() + ALERT_CLAIM_MS));
        const afterExpiry = new Date(now.getTime() + ALERT_CLAIM_MS);
        expect(await survivor.claimDueAlerts(afterExpiry, now, 1)).toHaveLength(1);
      });
  });

  it('makes failed alerts pending and due again on retry, and says so to the listeners', async () => {
    const store = await open({ alertChannels: ['email'] });
    await store.submitEnquiry(validSubmission());
    const now = new Date();
    const [claimed] = await store.claimDueAlerts(now, now, 1);
    await store.recordAlert(afterAttempt(claimed!.alert, { kind: 'permanent', error: '550 no such user' }, now, DEFAULT_RETRY_POLICY));
    expect((await store.alertSummary()).channels.email).toEqual({ pending: 0, failed: 1 });
    const added = vi.fn();
    store.onAlertsAdded(added);
    const retriedAt = new Date(now.getTime() + 1000);
    expect(await store.retryFailedAlerts(retriedAt)).toBe(1);
    expect(added).toHaveBeenCalled();
    const [alert] = (await store.records()).alerts;
    expect(alert).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: retriedAt.toISOString(), lastError: '550 no such user' });
    expect(await store.retryFailedAlerts(retriedAt)).toBe(0);
  });

  it('deletes by e-mail address, whatever its case, enquiries and spam with their alerts and keys', async () => {
    const store = await open({ alertChannels: ['email'] });
    const key = randomUUID();
    await store.submitEnquiry(validSubmission({ email: 'Ann@Example.com' }), key);
    await store.submitEnquiry(validSubmission({ email: 'ann@example.com', message: 'Again' }));
    await store.submitEnquiry(validSubmission({ email: 'ann@example.com', website: 'x' }));
    await store.submitEnquiry(validSubmission({ email: 'ben@example.com' }));
    expect(await store.deleteByEmail(' ANN@example.com ')).toEqual({ enquiries: 2, spam: 1 });
    const { enquiries, spam, alerts } = await store.records();
    expect(enquiries.map((record) => record.email)).toEqual(['ben@example.com']);
    expect(spam).toEqual([]);
    expect(alerts.map((alert) => alert.enquiryId)).toEqual([enquiries[0]!.id]);
    // The key went with its record: the same submission is a new one now.
    expect((await store.submitEnquiry(validSubmission({ email: 'Ann@Example.com' }), key)).outcome).toBe('created');
  });

  it('deletes what came before the retention cutoff, with its alerts', async () => {
    const store = await open({ alertChannels: ['webhook'] });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2023-01-01T00:00:00Z'));
    await store.submitEnquiry(validSubmission({ firstName: 'Old' }));
    await store.submitEnquiry(validSubmission({ firstName: 'Old', website: 'x' }));
    vi.useRealTimers();
    await store.submitEnquiry(validSubmission({ firstName: 'New' }));
    expect(await store.deleteOlderThan(new Date('2024-01-01T00:00:00Z'))).toEqual({ enquiries: 1, spam: 1 });
    const { enquiries, spam, alerts } = await store.records();
    expect(enquiries.map((record) => record.firstName)).toEqual(['New']);
    expect(spam).toEqual([]);
    expect(alerts.map((alert) => alert.enquiryId)).toEqual([enquiries[0]!.id]);
  });

  it('lists every record oldest first, in the shapes of records.ts', async () => {
    const store = await open({ alertChannels: ['email'] });
    for (const firstName of ['Ann', 'Ben', 'Chloe']) await store.submitEnquiry(validSubmission({ firstName }), randomUUID());
    await store.submitEnquiry(validSubmission({ firstName: 'Bot', website: 'https://spam.example' }));
    const { enquiries, spam, alerts } = await store.records();
    expect(enquiries.map((record) => enquiryRecordSchema.parse(record).firstName)).toEqual(['Ann', 'Ben', 'Chloe']);
    expect(spam.map((record) => spamRecordSchema.parse(record).firstName)).toEqual(['Bot']);
    expect(alerts.map((alert) => alertRecordSchema.parse(alert).enquiryId)).toEqual(enquiries.map((record) => record.id));
    expect(await store.writable()).toBe(true);
  });

  describe('what is stored under an idempotency key', () => {
    it('is an enquiry’s or a held record’s, on every instance and after a restart; a key never used is nothing', async () => {
      const data = await backend.fresh();
      const [enquiryKey, heldKey, honeypotKey] = [randomUUID(), randomUUID(), randomUUID()];
      const store = await data.open();
      await store.submitEnquiry(validSubmission(), enquiryKey);
      await store.submitEnquiry(validSubmission({ message: 'Held.' }), heldKey, { holdFor: 'many-links' });
      await store.submitEnquiry(validSubmission({ website: 'https://spam.example' }), honeypotKey);
      const other = backend.shared ? await data.open() : store;
      for (const key of [enquiryKey, heldKey, honeypotKey]) expect(await storedUnderKey(other, key)).toBe(true);
      expect(await storedUnderKey(other, randomUUID())).toBe(false);

      await data.close(store);
      const again = await data.open();
      expect(await storedUnderKey(again, enquiryKey)).toBe(true);
      expect(await storedUnderKey(again, heldKey)).toBe(true);
    });

    it('follows its record: kept when a held one is released, gone when it is deleted', async () => {
      const store = await open();
      const [releasedKey, deletedKey, erasedKey] = [randomUUID(), randomUUID(), randomUUID()];
      const released = await store.submitEnquiry(validSubmission({ message: 'Real.' }), releasedKey, { holdFor: 'many-links' });
      const deleted = await store.submitEnquiry(validSubmission({ message: 'Junk.' }), deletedKey, { holdFor: 'many-links' });
      await store.submitEnquiry(validSubmission({ email: 'erase@example.com' }), erasedKey);
      if (released.outcome === 'conflict' || deleted.outcome === 'conflict') throw new Error('no record');
      expect(await releaseSpam(store, released.record.id, [])).not.toBeNull();
      expect(await deleteSpam(store, deleted.record.id)).toBe(true);
      await store.deleteByEmail('erase@example.com');
      expect(await storedUnderKey(store, releasedKey)).toBe(true);
      expect(await storedUnderKey(store, deletedKey)).toBe(false);
      expect(await storedUnderKey(store, erasedKey)).toBe(false);
    });
  });
});
