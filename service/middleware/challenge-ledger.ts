/**
 * What the contact challenge must remember between posts, counted with
 * rate-limiter-flexible as the contact limit is (./rate-limiter.ts): in memory
 * for the file store, and in PostgreSQL's rate_limits table, under a prefix of
 * its own, when DATABASE_URL is set, so that every instance agrees and the
 * store needs nothing new.
 *
 * - Spent solutions, by their challenge's signature: one point each, kept for
 *   the challenge's remaining life (after it, the challenge is refused as
 *   expired anyway), so a solution stores at most one enquiry.
 * - Idempotency keys the service answered with a 201, for a day: a resend of
 *   a stored enquiry is answered by the store with its first 201 whatever its
 *   solution (spent, expired or none), and stores nothing new.
 *
 * Both run on the wall clock, as the challenge's expiry does.
 */
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** A day: longer than any resend of one send (the outbox sends again with a fresh solution anyway). */
const ANSWERED_KEY_SECONDS = 24 * 60 * 60;

export interface ChallengeLedger {
  /** Marks a solution spent; false when it already was. */
  spend(signature: string, remainingSeconds: number): Promise<boolean>;
  /** Remembers that this idempotency key has its enquiry stored. */
  rememberAnswered(idempotencyKey: string): Promise<void>;
  answered(idempotencyKey: string): Promise<boolean>;
}

type Counter = Pick<RateLimiterAbstract, 'consume' | 'get'>;

function counterIn(prefix: string, pool: pg.Pool | undefined): Counter {
  const options = { keyPrefix: prefix, points: 1, duration: ANSWERED_KEY_SECONDS };
  if (!pool) return new RateLimiterMemory(options);
  return new RateLimiterPostgres({
    ...options,
    storeClient: pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    // While the database is unreachable, each instance remembers on its own; the store then answers 503 anyway.
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

export function createChallengeLedger({ pool }: { pool?: pg.Pool } = {}): ChallengeLedger {
  const spent = counterIn('contact-challenge-spent', pool);
  const answered = counterIn('contact-challenge-answered', pool);
  return {
    async spend(signature, remainingSeconds) {
      try {
        await spent.consume(signature, 1, { customDuration: Math.max(1, Math.ceil(remainingSeconds)) });
        return true;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return false;
        throw rejection;
      }
    },
    async rememberAnswered(idempotencyKey) {
      // A second 201 for the same key (a replay) finds it there already: not an error.
      await answered.consume(idempotencyKey).catch((rejection: unknown) => {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
      });
    },
    async answered(idempotencyKey) {
      return (await answered.get(idempotencyKey)) !== null;
    },
  };
}
