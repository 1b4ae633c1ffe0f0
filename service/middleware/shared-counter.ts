/**
 * A count per key for a limit that every instance must agree on, built in
 * this one place for each of them (the contact limit's shared minute, the
 * challenge's spent solutions and refusals, the held queue's per-client
 * counts, the sign-in limits): rate-limiter-flexible in memory for the file
 * store, and in PostgreSQL's rate_limits table (made by the store's
 * migrations), each limit under a key prefix of its own, when DATABASE_URL
 * is set.
 */
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface CounterOptions {
  /** What sets this limit's keys apart in the shared table; rate-limiter-flexible's default when absent. */
  keyPrefix?: string;
  /** Points per key within `duration`; the consume() past them is refused. */
  points: number;
  /** The window in seconds. */
  duration: number;
}

/** In `pool`'s rate_limits table when there is one, else in this process's memory. */
export function sharedCounter(options: CounterOptions, pool: pg.Pool | undefined): RateLimiterAbstract {
  if (!pool) return new RateLimiterMemory(options);
  return new RateLimiterPostgres({
    ...options,
    storeClient: pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    // While the database is unreachable, each instance counts on its own rather than letting every
    // request through or failing it with a 500 (the store, if it is the one down, answers 503 anyway).
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

/**
 * Counts `points` under `key`; false when the limiter refused them (the key
 * is past its points), true when they were within. Any other failure is the
 * store's, and is thrown.
 */
export async function countWithin(
  counter: Pick<RateLimiterAbstract, 'consume'>,
  key: string,
  points = 1,
  options?: { customDuration?: number },
): Promise<boolean> {
  try {
    await counter.consume(key, points, options);
    return true;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return false;
    throw rejection;
  }
}
