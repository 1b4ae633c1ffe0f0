/**
 * The held queue's admission on both stores: an IPv6 site (/48) shares one
 * budget however many /64s it posts from, and posts held past the daily
 * ceiling are refused once the queue is full, with the operator's alert
 * queued once. Through the real stores, with the keys the contact route uses.
 */
import { describe, expect, it } from 'vitest';
import type { PostgresStore } from '../db/postgres/postgres-store';
import { silentLog } from '../log';
import { rateLimitKeys } from '../middleware/rate-limit-key';
import { NoRoomToHoldError, type Store, type SubmitOptions } from '../store-interface';
import { validSubmission } from '../test-support/fixtures';
import { useStoreBackends } from '../test-support/store-backends';
import { createHeldAdmission, HELD_PER_SITE } from './held-admission';

const backends = useStoreBackends();

/** Whether the post was held (true) or refused (false). */
async function post(store: Store, admission: ReturnType<typeof createHeldAdmission>, address: string, options: SubmitOptions) {
  try {
    await admission.submit(rateLimitKeys(address), options, (decided) => store.submitEnquiry(validSubmission(), undefined, decided));
    return true;
  } catch (error) {
    if (error instanceof NoRoomToHoldError) return false;
    throw error;
  }
}

describe.each(backends)('the $name store', (backend) => {
  it(`holds at most ${HELD_PER_SITE} a day from one IPv6 /48, whichever of its /64s they come from`, async () => {
    const [store] = await backend.openPair();
    const admission = createHeldAdmission({ store, pool: (store as Partial<PostgresStore>).pool, alertChannels: [], log: silentLog });
    const held = [];
    for (let net = 1; net <= HELD_PER_SITE + 2; net += 1)
      held.push(await post(store, admission, `2001:db8:1:${net.toString(16)}::1`, { holdFor: 'no-javascript' }));
    expect(held).toEqual([...new Array<boolean>(HELD_PER_SITE).fill(true), false, false]);
    expect(await post(store, admission, '2001:db8:2:1::1', { holdFor: 'no-javascript' })).toBe(true);
    expect((await store.heldUsage()).records).toBe(HELD_PER_SITE + 1);
  });

  it('refuses what comes past the daily ceiling once the queue is full, and queues the refusal alert once', async () => {
    const [store] = await backend.openPair();
    const admission = createHeldAdmission({
      store,
      pool: (store as Partial<PostgresStore>).pool,
      alertChannels: ['email', 'webhook'],
      log: silentLog,
      limits: { records: 2, bytes: 1024 * 1024 },
    });
    const outcomes = [];
    for (let index = 0; index < 5; index += 1) outcomes.push(await post(store, admission, `192.0.2.${index + 1}`, { dailyCeiling: 1 }));
    expect(outcomes).toEqual([true, true, true, false, false]); // accepted, held, held, refused, refused
    expect((await store.records()).spam.map((record) => record.reason)).toEqual(['daily-ceiling', 'daily-ceiling']);
    const alerts = await store.find('operatorAlerts');
    expect(alerts.map((alert) => [alert.event, alert.channel])).toEqual([
      ['held.nearly-full', 'email'],
      ['held.nearly-full', 'webhook'],
      ['held.refused', 'email'],
      ['held.refused', 'webhook'],
    ]);
    expect(alerts[2]!.text).toContain('(daily-ceiling) was refused');
  });
});

describe('two PostgreSQL instances', () => {
  const postgres = backends.find((backend) => backend.shared)!;

  it('lets two instances posting at once overshoot a full queue by at most one record', async () => {
    const [first, second] = await postgres.openPair();
    const limits = { records: 10, bytes: 1024 * 1024 };
    const admissions = [first, second].map((store) =>
      createHeldAdmission({ store, pool: (store as Partial<PostgresStore>).pool, alertChannels: [], log: silentLog, limits }),
    );
    const stores = [first, second];
    const posts = Array.from({ length: 30 }, (_, index) =>
      post(stores[index % 2]!, admissions[index % 2]!, `198.51.100.${index + 1}`, { holdFor: 'many-links' }),
    );
    const held = (await Promise.all(posts)).filter(Boolean).length;
    expect(held).toBeGreaterThanOrEqual(limits.records);
    expect(held).toBeLessThanOrEqual(limits.records + 1);
    expect((await first.heldUsage()).records).toBe(held);
  });
});
