/**
 * A per-client-address limit on requests, in memory: a fixed one-minute
 * window, all addresses forgotten when the minute turns over, so memory stays
 * bounded by the addresses seen in one minute. Behind a proxy, set
 * TRUST_PROXY=true so that ctx.ip is the visitor's address and not the proxy's.
 */
import type { Context, Middleware, Next } from 'koa';

const WINDOW_MS = 60_000; // one minute
export const RATE_LIMIT_SENTENCE = 'Too many messages from this address. Please try again in a minute.';

export interface RateLimitOptions {
  perMinute: number;
  now?: () => number;
}

export function limitRate({ perMinute, now = Date.now }: RateLimitOptions): Middleware {
  let windowStart = 0;
  let counts = new Map<string, number>();

  return async function limitRateByAddress(ctx: Context, next: Next) {
    if (perMinute <= 0) return next();
    const time = now();
    if (time - windowStart >= WINDOW_MS) {
      windowStart = time - (time % WINDOW_MS);
      counts = new Map();
    }
    const count = (counts.get(ctx.ip) ?? 0) + 1;
    counts.set(ctx.ip, count);
    if (count > perMinute) {
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - time) / 1000));
      ctx.throw(429, RATE_LIMIT_SENTENCE, { headers: { 'Retry-After': String(retryAfterSeconds) } });
    }
    return next();
  };
}
