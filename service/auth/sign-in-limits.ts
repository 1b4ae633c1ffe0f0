/**
 * Slows password and code guessing two ways at once: per account (however
 * many addresses the guesses come from) and per client address (however many
 * accounts it tries). Every attempt counts before the password is checked, so
 * parallel guesses cannot slip past the count; a right one is given back.
 *
 * With PostgreSQL (DATABASE_URL) the counts live in the table the contact
 * limit uses (rate_limits, made by the store's migrations), under keys of
 * their own, so every instance counts together. The windows are long
 * (minutes), so the wall clock rate-limiter-flexible counts on is good enough
 * here; the contact limit's own per-minute window needs the monotonic one.
 * The account is counted under the SHA-256 of its lower-cased name: what
 * someone typed as a username is not written to the database.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { rateLimitKey } from '../middleware/rate-limit-key';

/** Attempts per account in a window: ASVS asks for no more than 100 an hour. */
export const ACCOUNT_ATTEMPTS = 10;
/** Attempts per client address in a window: an office behind one address has several staff. */
export const ADDRESS_ATTEMPTS = 30;
const WINDOW_S = 15 * 60;

/** Refused: try again in `retryAfterSeconds`. */
export class TooManyAttempts extends Error {
  override name = 'TooManyAttempts';
  constructor(readonly retryAfterSeconds: number) {
    super('Too many attempts.');
  }
}

export interface SignInLimits {
  /** Counts one attempt for the account and the address; throws TooManyAttempts past either limit. */
  take(username: string, clientAddress: string): Promise<void>;
  /** Gives the attempt back: it was right. */
  giveBack(username: string, clientAddress: string): Promise<void>;
}

function limiter(keyPrefix: string, points: number, pool: pg.Pool | undefined): RateLimiterAbstract {
  const memory = () => new RateLimiterMemory({ keyPrefix, points, duration: WINDOW_S });
  if (!pool) return memory();
  return new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix,
    points,
    duration: WINDOW_S,
    // While the database is unreachable, each instance counts on its own rather than letting every guess through.
    insuranceLimiter: memory(),
  });
}

function accountKey(username: string): string {
  return createHash('sha256').update(username.trim().toLowerCase()).digest('hex');
}

export function createSignInLimits(pool?: pg.Pool): SignInLimits {
  const byAccount = limiter('sign-in-account', ACCOUNT_ATTEMPTS, pool);
  const byAddress = limiter('sign-in-address', ADDRESS_ATTEMPTS, pool);
  return {
    async take(username, clientAddress) {
      const counted = await Promise.allSettled([byAccount.consume(accountKey(username)), byAddress.consume(rateLimitKey(clientAddress))]);
      let waitMs = 0;
      for (const result of counted) {
        if (result.status === 'fulfilled') continue;
        if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
        waitMs = Math.max(waitMs, result.reason.msBeforeNext);
      }
      if (waitMs > 0) throw new TooManyAttempts(Math.max(1, Math.ceil(waitMs / 1000)));
    },
    async giveBack(username, clientAddress) {
      await Promise.all([byAccount.reward(accountKey(username)), byAddress.reward(rateLimitKey(clientAddress))]);
    },
  };
}
