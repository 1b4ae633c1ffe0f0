/**
 * A budget on argon2 password checks for this process, whoever asks: each
 * costs 19 MiB and a thread of libuv's pool, which the store's writes and
 * file reads share. Thousands of addresses (IPv6 /64s are cheap) each inside
 * their own limit could otherwise keep the pool busy. A token bucket
 * (rate-limiter-flexible's BurstyRateLimiter: a steady rate plus a burst
 * allowance); past it a sign-in is answered with the usual refusal without
 * any hashing. A known device (known-device.ts) does not draw on it.
 *
 * Measured on the 2-core test machine: one verify takes about 5 ms, 40 at
 * once about 125 ms. VERIFY_PER_SECOND keeps password checks to a few
 * percent of one core while letting a whole office sign in at 9 o'clock.
 */
import { BurstyRateLimiter, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Log } from '../log';

export const VERIFY_PER_SECOND = 10;
/** Above the steady rate, this many more within each BURST_WINDOW_S. */
export const VERIFY_BURST = 30;
export const BURST_WINDOW_S = 10;
/** The warning that the budget ran out is logged at most this often. */
const WARN_INTERVAL_MS = 60_000;
const KEY = 'verify';

export interface VerifyBudget {
  /** True when a password check may run now; false past the budget. */
  take(): Promise<boolean>;
}

export function createVerifyBudget({
  log,
  perSecond = VERIFY_PER_SECOND,
  burst = VERIFY_BURST,
}: {
  log: Log;
  perSecond?: number;
  burst?: number;
}): VerifyBudget {
  const bucket = new BurstyRateLimiter(
    new RateLimiterMemory({ keyPrefix: 'verify', points: perSecond, duration: 1 }),
    new RateLimiterMemory({ keyPrefix: 'verify-burst', points: burst, duration: BURST_WINDOW_S }),
  );
  let warnedAt = -Infinity;
  return {
    async take() {
      try {
        await bucket.consume(KEY);
        return true;
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        if (Date.now() - warnedAt >= WARN_INTERVAL_MS) {
          warnedAt = Date.now();
          log({ level: 'warn', msg: 'inbox sign-ins refused unchecked: more password checks than the budget allows', perSecond, burst });
        }
        return false;
      }
    },
  };
}
