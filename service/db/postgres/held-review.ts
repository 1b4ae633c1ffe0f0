/**
 * What the PostgreSQL store keeps for review besides the held records
 * themselves: how much is held, the daily ceiling on accepted enquiries, and
 * the daily tallies (daily_tallies, migration 7).
 */
import type pg from 'pg';
import { TALLY_EXAMPLES, type TallyName, utcDay } from '../../records';
import type { HeldUsage } from '../../store-interface';
import { shortExample } from '../../store-rules';
import { unlessUnavailable } from './pool';

/** Any fixed number: the lock that makes instances count the day's enquiries one at a time while the ceiling is on. */
const CEILING_LOCK_KEY = 7_351_208_115;

/**
 * Whether the UTC day of `now` has its `ceiling` of enquiries already. Within
 * the insert's transaction, under a lock held until it commits: two instances
 * cannot both take the last place.
 */
export async function ceilingReached(client: pg.PoolClient, ceiling: number, now: Date): Promise<boolean> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [CEILING_LOCK_KEY]);
  const { rows } = await client.query<{ count: number }>('SELECT count(*)::integer AS count FROM enquiries WHERE created_at >= $1', [
    `${utcDay(now)}T00:00:00Z`,
  ]);
  return rows[0]!.count >= ceiling;
}

export async function tally(pool: pg.Pool, name: TallyName, now: Date, example?: string): Promise<void> {
  await unlessUnavailable(() =>
    pool.query(
      `INSERT INTO daily_tallies (day, name, count, examples) VALUES ($1, $2, 1, $3)
       ON CONFLICT (day, name) DO UPDATE SET count = daily_tallies.count + 1,
         examples = CASE WHEN cardinality(daily_tallies.examples) < $4 THEN daily_tallies.examples || EXCLUDED.examples
                         ELSE daily_tallies.examples END`,
      [utcDay(now), name, example === undefined ? [] : [shortExample(example)], TALLY_EXAMPLES],
    ),
  );
}

/** heldBytesOf (store-rules.ts) in SQL. At most HELD_LIMIT rows and a few more: one pass is cheap. */
export async function heldUsage(pool: pg.Pool): Promise<HeldUsage> {
  const { rows } = await unlessUnavailable(() =>
    pool.query<HeldUsage>(
      `SELECT count(*)::integer AS records, coalesce(sum(octet_length(first_name) + octet_length(last_name) + octet_length(email)
         + octet_length(phone) + octet_length(service) + octet_length(message) + coalesce(octet_length(website), 0)), 0)::integer AS bytes
       FROM spam`,
    ),
  );
  return rows[0]!;
}

export async function deleteHeldBefore(pool: pg.Pool, cutoff: Date): Promise<number> {
  const { rowCount } = await unlessUnavailable(() => pool.query('DELETE FROM spam WHERE created_at < $1', [cutoff]));
  await unlessUnavailable(() => pool.query('DELETE FROM daily_tallies WHERE day < $1', [utcDay(cutoff)]));
  // Operator alerts are about what was held: they go with it, once no longer pending.
  await unlessUnavailable(() => pool.query("DELETE FROM operator_alerts WHERE created_at < $1 AND status <> 'pending'", [cutoff]));
  return rowCount ?? 0;
}
