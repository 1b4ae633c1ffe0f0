/**
 * Slows password and code guessing without handing anyone a way to shut a
 * member of staff out. Every attempt counts before the password is checked,
 * so parallel guesses cannot slip past the count; a right one is given back.
 *
 * - Refused (429) past ACCOUNT_ADDRESS_ATTEMPTS for one account from one
 *   client, and past ADDRESS_ATTEMPTS from one client whatever the accounts
 *   (an IPv6 client also counted by its /48: many /64s of one site share it).
 *   A guesser shuts out only their own address.
 * - Per account, from everywhere, never refused: past ACCOUNT_ATTEMPTS each
 *   attempt waits a delay that doubles, up to SLOW_DOWN_MAX_MS. The delay is
 *   per request, not a queue, so however many guesses are in flight the right
 *   person waits at most that long; a known device (known-device.ts) does not
 *   wait at all, and is counted only under its own cookie.
 *
 * With PostgreSQL (DATABASE_URL) the counts live in the table the contact
 * limit uses (rate_limits, made by the store's migrations), under keys of
 * their own, so every instance counts together. The windows are long
 * (minutes), so the wall clock rate-limiter-flexible counts on is good enough
 * here. The account is counted under the SHA-256 of its lower-cased name:
 * what someone typed as a username is not written to the database.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { rateLimitKeys } from '../middleware/rate-limit-key';
import { countWithin, sharedCounter } from '../middleware/shared-counter';

/** Attempts per account from one client in a window: ASVS asks for no more than 100 an hour. */
export const ACCOUNT_ADDRESS_ATTEMPTS = 10;
/** Attempts per client (and IPv6 /48) in a window: an office behind one address has several staff. */
export const ADDRESS_ATTEMPTS = 30;
/** Attempts per account from everywhere in a window before each one is slowed down. */
export const ACCOUNT_ATTEMPTS = 10;
/** Attempts through one known-device cookie in a window; past them it counts for nothing. */
export const DEVICE_ATTEMPTS = 10;
/** The first slowed attempt's delay; each one after waits twice as long, up to SLOW_DOWN_MAX_MS. */
export const SLOW_DOWN_FIRST_MS = 500;
export const SLOW_DOWN_MAX_MS = 8_000;
const WINDOW_S = 15 * 60;
/** The account count is never a refusal: a ceiling no one reaches. */
const UNCAPPED = 1_000_000_000;

/** Refused: try again in `retryAfterSeconds`. */
export class TooManyAttempts extends Error {
  override name = 'TooManyAttempts';
  constructor(readonly retryAfterSeconds: number) {
    super('Too many attempts.');
  }
}

export interface Attempt {
  username: string;
  clientAddress: string;
  /** The nonce of a known-device cookie that names this account; absent for any other browser. */
  device?: string;
}

export interface Counted {
  /** How long to wait before checking the password: the account is being guessed. */
  delayMs: number;
  /** True for the one attempt in a window that takes the account past ACCOUNT_ATTEMPTS: the moment to tell the operator. */
  accountJustPassed: boolean;
  /** Counted under the known device's cookie alone: give back with the device, else without it. */
  asDevice: boolean;
}

export interface SignInLimits {
  /** Counts one attempt; throws TooManyAttempts past a refusing limit. */
  take(attempt: Attempt): Promise<Counted>;
  /**
   * Gives the attempt back: it was right, or (`keepAddress`) it was never
   * checked, and then the address keeps it, so that unchecked requests still
   * cost their sender. `device` only when it was counted `asDevice`.
   */
  giveBack(attempt: Attempt, options?: { keepAddress?: boolean }): Promise<void>;
}

function limiter(keyPrefix: string, points: number, pool: pg.Pool | undefined): RateLimiterAbstract {
  return sharedCounter({ keyPrefix, points, duration: WINDOW_S }, pool);
}

function accountKey(username: string): string {
  return createHash('sha256').update(username.trim().toLowerCase()).digest('hex');
}

/** The wait for the `consumed`-th attempt on an account in its window. */
export function slowDownFor(consumed: number): number {
  const over = consumed - ACCOUNT_ATTEMPTS;
  if (over <= 0) return 0;
  return Math.min(SLOW_DOWN_FIRST_MS * 2 ** Math.min(over - 1, 30), SLOW_DOWN_MAX_MS);
}

/** Counts at every limiter at once; throws TooManyAttempts with the longest wait of those that refused. */
async function consumeAll(takes: readonly Promise<RateLimiterRes>[]): Promise<RateLimiterRes[]> {
  const counted = await Promise.allSettled(takes);
  let waitMs = 0;
  for (const result of counted) {
    if (result.status === 'fulfilled') continue;
    if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
    waitMs = Math.max(waitMs, result.reason.msBeforeNext);
  }
  if (waitMs > 0) throw new TooManyAttempts(Math.max(1, Math.ceil(waitMs / 1000)));
  return counted.map((result) => (result as PromiseFulfilledResult<RateLimiterRes>).value);
}

export function createSignInLimits(pool?: pg.Pool): SignInLimits {
  const byAccountAddress = limiter('sign-in-account-address', ACCOUNT_ADDRESS_ATTEMPTS, pool);
  const byAddress = limiter('sign-in-address', ADDRESS_ATTEMPTS, pool);
  const byAccount = limiter('sign-in-account', UNCAPPED, pool);
  const byDevice = limiter('sign-in-device', DEVICE_ATTEMPTS, pool);
  const keysOf = ({ username, clientAddress }: Attempt) => {
    const account = accountKey(username);
    const addresses = rateLimitKeys(clientAddress);
    return { account, accountAddress: `${account}:${addresses[0]}`, addresses };
  };

  /** A known device's own count; false once it is used up, and the device is then any other browser. */
  const takeAsDevice = (nonce: string): Promise<boolean> => countWithin(byDevice, nonce);

  return {
    async take(attempt) {
      if (attempt.device !== undefined && (await takeAsDevice(attempt.device)))
        return { delayMs: 0, accountJustPassed: false, asDevice: true };
      const keys = keysOf(attempt);
      const [account] = await consumeAll([
        byAccount.consume(keys.account),
        byAccountAddress.consume(keys.accountAddress),
        ...keys.addresses.map((key) => byAddress.consume(key)),
      ]);
      const consumed = account!.consumedPoints;
      return { delayMs: slowDownFor(consumed), accountJustPassed: consumed === ACCOUNT_ATTEMPTS + 1, asDevice: false };
    },
    async giveBack(attempt, { keepAddress = false } = {}) {
      if (attempt.device !== undefined) {
        await byDevice.reward(attempt.device);
        return;
      }
      const keys = keysOf(attempt);
      await Promise.all([
        byAccount.reward(keys.account),
        byAccountAddress.reward(keys.accountAddress),
        ...(keepAddress ? [] : keys.addresses.map((key) => byAddress.reward(key))),
      ]);
    },
  };
}
