/**
 * The held queue's admission on both stores: an IPv6 site (/48) shares one
 * budget however many /64s it posts from, and posts held past the daily
 * ceiling are refused once the queue is full, with the operator's alert
 * queued once. Through the real stores, with the keys the contact route uses.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PostgresStore } from '../db/postgres/postgres-store';
import { silentLog } from '../log';
import { heldPost } from '../test-support/held-post';
import { useStoreBackends } from '../test-support/store-backends';
import { startStoreProcess, type StoreProcess } from '../test-support/store-process';
import { createHeldAdmission, HELD_PER_SITE } from './held-admission';

const backends = useStoreBackends();

describe.each(backends)('the $name store', (backend) => {
  it(`holds at most ${HELD_PER_SITE} a day from one IPv6 /48, whichever of its /64s they come from`, async () => {
    const [store] = await backend.openPair();
    const admission = createHeldAdmission({ store, pool: (store as Partial<PostgresStore>).pool, alertChannels: [], log: silentLog });
    const held = [];
    for (let net = 1; net <= HELD_PER_SITE + 2; net += 1)
      held.push(await heldPost(store, admission, `2001:db8:1:${net.toString(16)}::1`, { holdFor: 'no-javascript' }));
    expect(held).toEqual([...new Array<boolean>(HELD_PER_SITE).fill(true), false, false]);
    expect(await heldPost(store, admission, '2001:db8:2:1::1', { holdFor: 'no-javascript' })).toBe(true);
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
    for (let index = 0; index < 5; index += 1) outcomes.push(await heldPost(store, admission, `192.0.2.${index + 1}`, { dailyCeiling: 1 }));
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

describe('two PostgreSQL instances, two processes', () => {
  const postgres = backends.find((backend) => backend.shared)!;
  const processes: StoreProcess[] = [];

  afterEach(async () => {
    await Promise.all(processes.splice(0).map((instance) => instance.stop()));
  });

  it('lets two instances posting at once overshoot a full queue by at most one record', async () => {
    // This process's store reads back; the two instances race in processes of their own on its database.
    const [store] = (await postgres.openPair()) as [PostgresStore, PostgresStore];
    const url = store.pool.options.connectionString!;
    processes.push(...(await Promise.all([startStoreProcess(url), startStoreProcess(url)])));
    const limits = { records: 10, bytes: 1024 * 1024 };
    const addresses = Array.from({ length: 30 }, (_, index) => `198.51.100.${index + 1}`);
    const counts = await Promise.all(
      processes.map((instance, which) =>
        instance.run(
          'heldPosts',
          addresses.filter((_, index) => index % 2 === which),
          { holdFor: 'many-links' },
          limits,
        ),
      ),
    );
    const held = counts[0]! + counts[1]!;
    expect(held).toBeGreaterThanOrEqual(limits.records);
    expect(held).toBeLessThanOrEqual(limits.records + 1);
    expect((await store.heldUsage()).records).toBe(held);
  });
});
