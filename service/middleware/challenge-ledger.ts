/**
 * The contact challenge's spent solutions, counted with rate-limiter-flexible
 * as the contact limit is (./rate-limiter.ts): in memory for the file store,
 * and in PostgreSQL's rate_limits table, under a prefix of its own, when
 * DATABASE_URL is set, so that every instance agrees and the store needs
 * nothing new.
 *
 * A solution is one point, under its challenge's signature, kept for the
 * challenge's remaining life (after it, the challenge is refused as expired
 * anyway), so a solution stores at most one enquiry. It runs on the wall
 * clock, as the challenge's expiry does.
 */
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

export interface ChallengeLedger {
  /** Marks a solution spent; false when it already was. */
  spend(signature: string, remainingSeconds: number): Promise<boolean>;
}

// Each spend gives its own duration: the challenge's remaining life.
const OPTIONS = { keyPrefix: 'contact-challenge-spent', points: 1, duration: 1 };

function spentCounter(pool: pg.Pool | undefined) {
  if (!pool) return new RateLimiterMemory(OPTIONS);
  return new RateLimiterPostgres({
    ...OPTIONS,
    storeClient: pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    // While the database is unreachable, each instance remembers on its own; the store then answers 503 anyway.
    insuranceLimiter: new RateLimiterMemory(OPTIONS),
  });
}

export function createChallengeLedger({ pool }: { pool?: pg.Pool } = {}): ChallengeLedger {
  const spent = spentCounter(pool);
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
  };
}
