/**
 * createApp() builds the Koa application; only server.ts listens. The
 * middleware order below is the whole request pipeline.
 */
import Koa from 'koa';
import type pg from 'pg';
import compress from 'koa-compress';
import conditional from 'koa-conditional-get';
import type { AlertChannel } from './records';
import { createJsonLog, type Log } from './log';
import { answerErrorsAsSentences } from './middleware/error-answers';
import { logError, logRequests } from './middleware/log-requests';
import { limitRate } from './middleware/rate-limit';
import { createRateLimiter } from './middleware/rate-limiter';
import { forwardedHeadersOnlyFrom, LOOPBACK_PROXIES, trustedPeers } from './middleware/trusted-proxies';
import { securityHeaders } from './middleware/security-headers';
import { markServiceAnswers } from './middleware/service-answer';
import { createSignInLimits } from './auth/sign-in-limits';
import { createVerifyBudget, type VerifyBudget } from './auth/verify-budget';
import { createGuessingNotice } from './review/guessing-notice';
import { createChallengeLedger } from './middleware/challenge-ledger';
import { apiRoutes } from './routes/api';
import { inboxApi } from './routes/inbox/inbox-api';
import type { ReplyConfig } from './config';
import { CHALLENGE_LIMIT_PREFIX, CHALLENGES_PER_MINUTE, createContactChallenge } from './routes/contact-challenge';
import { createContactReview } from './review/contact-review';
import { REPLY_CHECK_LIMIT_PREFIX, REPLY_CHECKS_PER_MINUTE, replyCheckPost } from './routes/reply-check';
import { serveSite } from './site/serve-site';
import type { Store } from './store-interface';

export interface AppOptions {
  store: Store;
  /** The built site to serve. */
  distDir: string;
  /** Contact posts per client address per minute; 0 turns the limit off, and the challenge's (CHALLENGES_PER_MINUTE) with it. */
  rateLimitPerMinute: number;
  /** Read X-Forwarded-For, -Proto and -Host, when the peer is one of `trustedProxies` (only behind your own proxy). */
  trustProxy: boolean;
  /** With trustProxy: the addresses and CIDR ranges of your proxies. Default: loopback only. */
  trustedProxies?: readonly string[];
  /** How many proxies append to X-Forwarded-For; the client is that many entries from the right. Default 1. */
  trustProxyHops?: number;
  /** PostgreSQL, where every instance counts the rate limits (contact, inbox sign-in) and spent challenge solutions together; without it, in memory. */
  rateLimitPool?: pg.Pool;
  /**
   * JSON enquiries need a solved challenge (CONTACT_CHALLENGE, on unless the
   * operator turns it off; server.ts passes it). Off when not given, for the
   * tests and benchmarks of everything else.
   */
  contactChallenge?: boolean;
  /** How long a challenge lasts; tests shorten it. Default ten minutes. */
  challengeLifetimeMs?: number;
  /** The alert channels the settings turn on: reported by the health check, and where operator alerts (the ceiling's...) go. */
  alertChannels?: readonly AlertChannel[];
  /** HEALTH_TOKEN, which GET /api/health/details needs; without it, the details answer only to loopback. */
  healthToken?: string | null;
  /** TZ_DISPLAY: the time zone the inbox shows times in. */
  timeZone?: string;
  log?: Log;
  /** The rate limit's monotonic clock in ms, for tests. */
  now?: () => number;
  /** ENQUIRIES_PER_DAY: past it, enquiries are held for review (server.ts passes it). Off when not given. */
  enquiriesPerDay?: number;
  /** The budget on the inbox's password checks; by default VERIFY_PER_SECOND (auth/verify-budget.ts). */
  verifyBudget?: VerifyBudget;
  /** Whether two-factor secrets are sealed (TOTP_KEY is set, server.ts); without, no enrolment starts. By default true. */
  secretsSealed?: boolean;
  /** Staff replies by e-mail from the inbox (config.alerts.reply); absent or null: not configured. */
  replies?: ReplyConfig | null;
}

export function createApp({
  store,
  distDir,
  rateLimitPerMinute,
  trustProxy,
  trustedProxies = LOOPBACK_PROXIES,
  trustProxyHops = 1,
  rateLimitPool,
  contactChallenge = false,
  challengeLifetimeMs,
  alertChannels = [],
  healthToken = null,
  timeZone = 'UTC',
  log = createJsonLog(),
  now,
  enquiriesPerDay = 0,
  verifyBudget,
  secretsSealed = true,
  replies = null,
}: AppOptions): Koa {
  // maxIpsCount: Koa reads that many X-Forwarded-For entries from the right, and takes the
  // leftmost of them; without it, the leftmost of all, which the client writes itself.
  const app = new Koa({ proxy: trustProxy, maxIpsCount: trustProxyHops });
  app.on('error', logError(log));

  // Before anything reads ctx.ip, ctx.protocol or ctx.host: Koa's `proxy` setting trusts every peer.
  if (trustProxy) app.use(forwardedHeadersOnlyFrom(trustedPeers(trustedProxies)));
  app.use(logRequests(log)); // outermost: sees every answer, errors included
  app.use(answerErrorsAsSentences()); // errors keep the headers below and answer a sentence
  app.use(securityHeaders()); // CSP, nosniff, referrer policy... on every answer
  app.use(markServiceAnswers()); // X-Teratai-Service on every answer: the page trusts no other
  app.use(compress()); // gzip/br for text above 1 KB
  // The staff inbox's calls (JSON) under /api/inbox, before the visitor's /api, which would answer them 404.
  app.use(
    inboxApi({
      store,
      alertChannels,
      timeZone,
      limits: createSignInLimits(rateLimitPool),
      verifyBudget: verifyBudget ?? createVerifyBudget({ log }),
      secretsSealed,
      guessingNotice: createGuessingNotice({ store, alertChannels, log }),
      replies,
    }),
  );
  app.use(
    apiRoutes({
      store,
      alertChannels,
      healthToken,
      limitRate: limitRate(createRateLimiter({ perMinute: rateLimitPerMinute, now, pool: rateLimitPool })),
      // On with the contact limit: RATE_LIMIT_PER_MINUTE=0 turns both off.
      limitChallenges: limitRate(
        createRateLimiter({
          perMinute: rateLimitPerMinute > 0 ? CHALLENGES_PER_MINUTE : 0,
          now,
          pool: rateLimitPool,
          keyPrefix: CHALLENGE_LIMIT_PREFIX,
        }),
        'service.challengeRateLimited',
      ),
      challenge: contactChallenge
        ? createContactChallenge({
            store,
            ledger: createChallengeLedger({ pool: rateLimitPool }),
            lifetimeMs: challengeLifetimeMs,
          })
        : null,
      review: createContactReview({
        store,
        pool: rateLimitPool,
        enquiriesPerDay,
        challengeOn: contactChallenge,
        alertChannels,
        log,
      }),
      replyCheck: replyCheckPost({
        store,
        timeZone,
        // On with the contact limit, as the challenge's.
        limiter: createRateLimiter({
          perMinute: rateLimitPerMinute > 0 ? REPLY_CHECKS_PER_MINUTE : 0,
          now,
          pool: rateLimitPool,
          keyPrefix: REPLY_CHECK_LIMIT_PREFIX,
        }),
      }),
    }),
  );
  app.use(conditional()); // 304 for a file the browser holds, by its ETag, else its Last-Modified (the API's answers end above)
  app.use(serveSite({ distDir })); // files, then the app shell for routes and 404s
  return app;
}
