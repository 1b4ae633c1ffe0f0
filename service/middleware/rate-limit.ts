/**
 * The contact form's per-client limit: RATE_LIMIT_PER_MINUTE posts per client
 * and minute, then 429 with Retry-After. The client is ctx.ip (behind a proxy,
 * the address the proxy appended to X-Forwarded-For: see TRUST_PROXY and
 * TRUST_PROXY_HOPS), counted per /64 for IPv6 (rate-limit-key.ts); the
 * counting is rate-limiter.ts's.
 */
import type { Context, Middleware, Next } from 'koa';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { MessageId } from '../../contract/i18n';
import { refuse } from '../i18n';
import { rateLimitKey } from './rate-limit-key';
import type { RateLimiter } from './rate-limiter';

/** `limiter` null: the limit is off (RATE_LIMIT_PER_MINUTE=0). `refusal`: the sentence of the 429. */
export function limitRate(limiter: RateLimiter | null, refusal: MessageId = 'service.rateLimited'): Middleware {
  return async function limitRateByClient(ctx: Context, next: Next) {
    if (limiter === null) return next();
    try {
      await limiter.consume(rateLimitKey(ctx.ip));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      // Before any body is read: in Accept-Language's language.
      refuse(ctx, 429, refusal, undefined, { headers: { 'Retry-After': String(retryAfterSeconds) } });
    }
    return next();
  };
}
