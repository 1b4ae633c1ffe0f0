/**
 * The counter behind the contact form's rate limit, built in this one place
 * so that a store shared by several service processes (rate-limiter-flexible's
 * RateLimiterPostgres) can replace the in-memory one without touching the
 * middleware: anything with rate-limiter-flexible's `consume(key)` fits.
 *
 * The window runs on a monotonic clock. RateLimiterMemory alone does not: it
 * deletes a key with setTimeout (monotonic), but decides whether a key has
 * expired, and how long until it does (Retry-After), from Date.now()
 * (lib/component/MemoryStorage/MemoryStorage.js, `incrby`). A wall-clock step
 * forward (NTP, a resumed VM) would reset every count; a step back would
 * stretch Retry-After by the size of the step. So the minute is counted here
 * on performance.now(), and RateLimiterMemory only counts within it: its keys
 * never expire (duration 0: no Date.now() comparison, no timers), and a fresh
 * one replaces it when the minute turns, which also bounds its memory by the
 * clients of one minute.
 *
 * With PostgreSQL (DATABASE_URL), every instance counts in one table
 * (./shared-counter.ts), so the limit holds however the proxy spreads a
 * client's posts. Instances share no monotonic clock: there the minute is
 * RateLimiterPostgres's own, on each instance's wall clock, which NTP keeps
 * within a fraction of a second.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { sharedCounter } from './shared-counter';

const WINDOW_MS = 60_000; // one minute, as in RATE_LIMIT_PER_MINUTE
const KEYS_NEVER_EXPIRE_S = 0; // rate-limiter-flexible's duration for "for as long as the limiter lives"

/**
 * consume(key) resolves while the key is within its points for the current
 * window and rejects with a RateLimiterRes (msBeforeNext: when the next window
 * starts) beyond them. Any other rejection is a fault of the store.
 */
export type RateLimiter = Pick<RateLimiterAbstract, 'consume'>;

export interface RateLimiterOptions {
  /** Points per key and minute; 0 turns the limit off. */
  perMinute: number;
  /** A monotonic clock in milliseconds; tests pass their own. Not used with `pool`. */
  now?: () => number;
  /** Count in PostgreSQL, shared by every instance (the table rate_limits, made by the store's migrations). */
  pool?: pg.Pool;
  /** With `pool`: what sets this limit's keys apart from another's in the shared table. Default: the contact limit's. */
  keyPrefix?: string;
}

function limitPerMonotonicMinute(points: number, now: () => number): RateLimiter {
  let window: { index: number; counts: RateLimiterMemory } | undefined;
  return {
    async consume(key, pointsToConsume = 1) {
      const time = now();
      const index = Math.floor(time / WINDOW_MS);
      if (window?.index !== index) {
        window = { index, counts: new RateLimiterMemory({ points, duration: KEYS_NEVER_EXPIRE_S }) };
      }
      const msBeforeNext = (index + 1) * WINDOW_MS - time;
      try {
        const counted = await window.counts.consume(key, pointsToConsume);
        return new RateLimiterRes(counted.remainingPoints, msBeforeNext, counted.consumedPoints, counted.isFirstInDuration);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        throw new RateLimiterRes(rejection.remainingPoints, msBeforeNext, rejection.consumedPoints, false);
      }
    },
  };
}

/** The limiter for `perMinute` points per key and minute, or null when the limit is off. */
export function createRateLimiter({ perMinute, now = () => performance.now(), pool, keyPrefix }: RateLimiterOptions): RateLimiter | null {
  if (perMinute <= 0) return null;
  if (!pool) return limitPerMonotonicMinute(perMinute, now);
  return sharedCounter({ keyPrefix, points: perMinute, duration: WINDOW_MS / 1000 }, pool);
}
