/**
 * POST /api/verify: does a reference and a check code name a reply the firm
 * sent? The page sends JSON and shows the answer's sentence; a form the
 * browser sent itself (JavaScript off) is answered with a page
 * (./reply-check-page.ts). Either way 200, "genuine, sent on <day>" or "not
 * one of ours", and nothing else of the enquiry (../replies/genuine-reply.ts).
 *
 * A body of another type than those two is refused (415) before anything
 * is counted. The body is read first (it is at most 1 KB), so every other
 * sentence, the 429's too, is in the language of the page that asked (its
 * `locale`). Then the
 * per-client limit (REPLY_CHECKS_PER_MINUTE, counted like the challenge's:
 * in memory with the file store, shared in PostgreSQL by every instance),
 * which is what makes guessing a code hopeless.
 */
import type { Context, Middleware, Next } from 'koa';
import { koaBody } from 'koa-body';
import { BRAND } from '../../contract/brand';
import { isLocale, LOCALES, negotiateLocale, type Locale } from '../../contract/locales';
import { replyCheckRequestSchema, type ReplyCheckAnswer } from '../../contract/reply-check';
import { refuse, requestLocale, translatorFor } from '../i18n';
import { limitRate } from '../middleware/rate-limit';
import type { RateLimiter } from '../middleware/rate-limiter';
import { genuineReplySentAt, type ReplyLookup } from '../replies/genuine-reply';
import { StoreUnavailableError } from '../store-interface';
import { isOwnFormPost } from './form-post-origin';
import { answerRefusalsWithPage } from './refusal-pages';
import { replyCheckPage, type ReplyCheckOutcome, type ReplyCheckValues } from './reply-check-page';

/** Checks per client key and minute: a few typing mistakes, never a search through the codes. */
export const REPLY_CHECKS_PER_MINUTE = 10;
/** The limit's keys in the shared table (rate_limits), apart from the contact's and the challenge's. */
export const REPLY_CHECK_LIMIT_PREFIX = 'reply-check';
/** A reference and a code, with the language and the field names, fit many times over. */
const BODY_LIMIT_BYTES = 1024;
const FORM_TYPE = 'application/x-www-form-urlencoded';
/** The page's JSON and the no-JS form: nothing else is a check. */
const CHECK_TYPES = ['application/json', FORM_TYPE];

/** Any body that cannot be read is answered as one with nothing typed: only a script sends one. */
function unreadableBody(error: Error & { status?: number }, ctx: Context): never {
  refuse(ctx, error.status === 413 ? 413 : 400, 'verifyReply.missing');
}

const parseBody = koaBody({
  json: true,
  jsonStrict: true,
  jsonLimit: BODY_LIMIT_BYTES,
  urlencoded: true,
  formLimit: BODY_LIMIT_BYTES,
  queryString: { allowDots: false, depth: 0 },
  text: false,
  multipart: false,
  onError: unreadableBody,
});

const isFormPost = (ctx: Context) => ctx.is(FORM_TYPE) === FORM_TYPE;

function postedBody(ctx: Context): Record<string, unknown> {
  const body: unknown = ctx.request.body;
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

/** What the visitor typed, to put back in the no-JS form. */
function typedValues(ctx: Context): ReplyCheckValues {
  const { reference, code } = postedBody(ctx);
  return { ...(typeof reference === 'string' && { reference }), ...(typeof code === 'string' && { code }) };
}

function answerPage(ctx: Context, status: number, outcome: ReplyCheckOutcome): void {
  const locale = requestLocale(ctx);
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Content-Language', LOCALES[locale].htmlLang);
  ctx.body = replyCheckPage(locale, typedValues(ctx), outcome);
}

const answerRefusalsWithThePage = answerRefusalsWithPage((ctx, refusal) =>
  answerPage(ctx, refusal.status, { kind: 'problem', sentence: refusal.message }),
);

/** For a form post: a refusal from any later step is answered with the page, saying why. */
function answerFormRefusalsWithThePage(ctx: Context, next: Next) {
  return isFormPost(ctx) ? answerRefusalsWithThePage(ctx, next) : next();
}

/** A page elsewhere could make its visitors' browsers spend their checks. */
function refuseOtherSitesForms(ctx: Context, next: Next) {
  if (isFormPost(ctx) && !isOwnFormPost(ctx)) refuse(ctx, 403, 'verifyReply.crossSite');
  return next();
}

/**
 * Another site's page can post text/plain (or multipart) without the
 * browser asking first: refused before the limit counts it, so it cannot
 * spend its visitors' checks.
 */
function refuseOtherTypes(ctx: Context, next: Next) {
  if (!ctx.is(CHECK_TYPES)) refuse(ctx, 415, 'verifyReply.unsupportedType');
  return next();
}

function takeLocale(ctx: Context, next: Next) {
  const { locale } = postedBody(ctx);
  ctx.state.locale = isLocale(locale) ? locale : negotiateLocale(ctx.get('Accept-Language'));
  return next();
}

/** The answer in `locale`: the day in the firm's time zone, as a date and in the sentence. */
function replyCheckAnswer(sentAt: string | null, locale: Locale, timeZone: string): ReplyCheckAnswer {
  const t = translatorFor(locale);
  if (sentAt === null) return { genuine: false, message: t('verifyReply.notOurs', { firm: BRAND.name }) };
  const day = new Date(sentAt);
  const date = new Intl.DateTimeFormat(LOCALES[locale].intl, { dateStyle: 'long', timeZone }).format(day);
  // en-CA writes a date as YYYY-MM-DD.
  const sentOn = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(day);
  return { genuine: true, sentOn, message: t('verifyReply.genuine', { firm: BRAND.name, date }) };
}

function checkReply(store: ReplyLookup, timeZone: string): Middleware {
  return async function answerReplyCheck(ctx: Context) {
    const request = replyCheckRequestSchema.safeParse(ctx.request.body);
    if (!request.success) refuse(ctx, 400, 'verifyReply.missing');
    let sentAt;
    try {
      sentAt = await genuineReplySentAt(store, request.data.reference, request.data.code);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      refuse(ctx, 503, 'verifyReply.failed', undefined, { cause: error });
    }
    const locale = requestLocale(ctx);
    const answer = replyCheckAnswer(sentAt, locale, timeZone);
    if (isFormPost(ctx)) return answerPage(ctx, 200, { kind: 'answer', genuine: answer.genuine, sentence: answer.message });
    ctx.set('Content-Language', LOCALES[locale].htmlLang);
    ctx.body = answer;
  };
}

export interface ReplyCheckOptions {
  store: ReplyLookup;
  /** TZ_DISPLAY: the day a reply was sent is the firm's. */
  timeZone: string;
  /** The per-client limit; null when RATE_LIMIT_PER_MINUTE=0 turns the limits off. */
  limiter: RateLimiter | null;
}

/** The steps of POST /api/verify, in order. */
export function replyCheckPost({ store, timeZone, limiter }: ReplyCheckOptions): Middleware[] {
  return [
    answerFormRefusalsWithThePage,
    refuseOtherSitesForms,
    refuseOtherTypes,
    parseBody,
    takeLocale,
    limitRate(limiter, 'verifyReply.rateLimited'),
    checkReply(store, timeZone),
  ];
}
