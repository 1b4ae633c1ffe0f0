/**
 * POST /api/contact: one enquiry in, 201 { id, reference, message } out once
 * it is on disk. Every refusal is refuse(ctx, status, catalogue key): Koa answers the
 * sentence as plain text, and the page shows "status: sentence". Every
 * sentence is in the visitor's language: the body's `locale` once the body is
 * read, Accept-Language before that (../i18n.ts). The enquiry is stored with
 * that language.
 *
 * A JSON enquiry also carries a solved challenge (./contact-challenge.ts),
 * checked once the body is valid and before it reaches the store.
 *
 * A form the browser sent itself (application/x-www-form-urlencoded: no
 * JavaScript, or the app not running yet) from one of the site's own pages
 * goes through the same schema, rate limit and store, and is answered with a
 * page (./contact-page.ts) instead. It cannot solve a challenge, and is
 * accepted without one, held for review while the challenge is on.
 *
 * What is counted instead of stored, or held for review instead of alerted at
 * once, is decided by ../review/contact-review.ts; the answer is the same,
 * unless it would be held and there is no room: then nothing is stored and
 * the visitor is told, with NO_ROOM_STATUS, to write by e-mail or WhatsApp.
 */
import { randomUUID } from 'node:crypto';
import type { Context, Middleware, Next } from 'koa';
import { koaBody } from 'koa-body';
import compose from 'koa-compose';
import {
  IDEMPOTENCY_KEY_HEADER,
  contactSubmissionSchema,
  describeContactIssue,
  describeContactProblem,
  idempotencyKeySchema,
  thankYouMessage,
  type ContactAnswer,
  type ContactIssue,
  type ContactSubmission,
} from '../../contract/contact';
import { BRAND } from '../../contract/brand';
import { NO_ROOM_STATUS } from '../../contract/contact-delivery';
import type { Translate } from '../../contract/i18n';
import { isLocale, LOCALES, negotiateLocale } from '../../contract/locales';
import { enquiryReference } from '../../contract/reference';
import { refuse, refuseWith, requestLocale, translatorFor } from '../i18n';
import { rateLimitKey, rateLimitKeys } from '../middleware/rate-limit-key';
import type { ContactReview } from '../review/contact-review';
import { NoRoomToHoldError, StoreUnavailableError, type Store } from '../store-interface';
import type { ContactChallenge } from './contact-challenge';
import { confirmationPage, type FieldErrors, type FieldName, formPage, type FormValues } from './contact-page';
import { createFormPostKeys } from './form-post-keys';
import { isOwnFormPost } from './form-post-origin';
import { answerRefusalsWithPage } from './refusal-pages';

// 16 KiB: the longest valid enquiry is about 6 KB of ASCII text, but up to 16 KB in UTF-8 when every character takes 3 bytes.
const CONTACT_BODY_LIMIT_BYTES = 16 * 1024;

function requireJson(ctx: Context, next: Next) {
  // null: no body at all; false: a body of another type.
  const type = ctx.is('application/json');
  if (type === false) refuse(ctx, 415, 'service.notJson');
  if (type === null || ctx.request.length === 0) refuse(ctx, 400, 'service.empty');
  return next();
}

/** Turns the body parser's errors into sentences; its own messages are for developers. */
function explainBodyError(error: Error & { status?: number; type?: string }, ctx: Context): never {
  if (error.status === 413) refuse(ctx, 413, 'service.tooLarge', { limitKb: CONTACT_BODY_LIMIT_BYTES / 1024 });
  if (error.status === 415) refuse(ctx, 415, 'service.encoding');
  if (/prototype/i.test(error.message)) refuse(ctx, 400, 'service.forbiddenField');
  if (error instanceof SyntaxError) refuse(ctx, 400, 'service.badJson');
  refuse(ctx, 400, 'service.unreadable');
}

const parseJsonBody = koaBody({
  json: true,
  jsonStrict: true,
  jsonLimit: CONTACT_BODY_LIMIT_BYTES,
  jsonTypes: ['application/json'],
  urlencoded: false,
  text: false,
  multipart: false,
  onError: explainBodyError,
});

function readIdempotencyKey(ctx: Context): string | undefined {
  if (ctx.request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()] === undefined) return undefined;
  const key = idempotencyKeySchema.safeParse(ctx.get(IDEMPOTENCY_KEY_HEADER).trim().toLowerCase());
  if (!key.success) refuse(ctx, 400, 'service.idempotencyKey', { header: IDEMPOTENCY_KEY_HEADER });
  return key.data;
}

/**
 * Decides the request's language from a parsed body: its `locale` when it is
 * one of the site's languages, else Accept-Language's (an invalid `locale` is
 * then refused by the schema, in that language).
 */
function takeLocaleFrom(ctx: Context, body: unknown): void {
  const posted = body !== null && typeof body === 'object' ? (body as { locale?: unknown }).locale : undefined;
  ctx.state.locale = isLocale(posted) ? posted : negotiateLocale(ctx.get('Accept-Language'));
}

/** Where a valid submission goes: the store, and what decides how it is kept. */
interface Intake {
  store: Store;
  review: ContactReview;
}

/**
 * Stores a valid enquiry with the request's language (or only counts it, or
 * holds it for review), or throws the refusal; resolves with the service's
 * answer, in that language, once it is on disk. A counted one gets the same
 * answer, with an id that names nothing.
 */
async function submitEnquiry(
  ctx: Context,
  { store, review }: Intake,
  submission: ContactSubmission,
  idempotencyKey: string | undefined,
  viaForm: boolean,
): Promise<ContactAnswer & { reference: string }> {
  const locale = requestLocale(ctx);
  const decision = review.decide(submission, viaForm);
  let result;
  try {
    if ('count' in decision) {
      await review.count(submission);
      ctx.set('Content-Language', LOCALES[locale].htmlLang);
      // The same answer as a stored enquiry's, with a reference that names nothing.
      const id = randomUUID();
      const reference = enquiryReference(id);
      return { id, reference, message: thankYouMessage(submission.firstName, reference, translatorFor(locale)) };
    }
    const clientKeys = rateLimitKeys(ctx.ip); // what the held queue and the acknowledgement count against
    result = await review.store(clientKeys, decision.store, (options) =>
      store.submitEnquiry({ ...submission, locale }, idempotencyKey, { ...options, clientKeys }),
    );
  } catch (error) {
    if (error instanceof NoRoomToHoldError) {
      refuse(ctx, NO_ROOM_STATUS, 'service.noRoom', { email: BRAND.email, whatsapp: BRAND.phone.display }, { cause: error });
    }
    if (!(error instanceof StoreUnavailableError)) throw error;
    refuse(ctx, 503, 'service.notSaved', undefined, { cause: error });
  }
  if (result.outcome === 'conflict') refuse(ctx, 422, 'service.idempotencyReused', { header: IDEMPOTENCY_KEY_HEADER });
  if (result.outcome === 'replayed') ctx.set('Idempotent-Replayed', 'true');
  await review.stored(result);
  ctx.set('Content-Language', LOCALES[locale].htmlLang);
  const { id, firstName } = result.record;
  const reference = enquiryReference(id);
  return { id, reference, message: thankYouMessage(firstName, reference, translatorFor(locale)) };
}

/** The challenge's check; a refusal is also counted against the client (../review/challenge-refusals.ts). */
async function admit(ctx: Context, intake: Intake, challenge: ContactChallenge, submission: ContactSubmission, idempotencyKey?: string) {
  try {
    await challenge.admit(ctx, idempotencyKey);
  } catch (error) {
    if ((error as { status?: number }).status === 428) {
      // Counting must not change the answer: a failure to count is logged, and the 428 goes out.
      await intake.review
        .challengeRefused(rateLimitKey(ctx.ip), submission)
        .catch((failure: unknown) => ctx.app.emit('error', failure, ctx));
    }
    throw error;
  }
}

function receiveEnquiry(intake: Intake, challenge: ContactChallenge | null): Middleware {
  return async function storeEnquiry(ctx: Context) {
    takeLocaleFrom(ctx, ctx.request.body);
    const idempotencyKey = readIdempotencyKey(ctx);
    const submission = contactSubmissionSchema.safeParse(ctx.request.body);
    if (!submission.success) refuseWith(ctx, 400, (t) => describeContactProblem(submission.error, t));
    if (challenge) await admit(ctx, intake, challenge, submission.data, idempotencyKey);
    ctx.body = await submitEnquiry(ctx, intake, submission.data, idempotencyKey, false);
    ctx.status = 201;
  };
}

const FORM_TYPE = 'application/x-www-form-urlencoded';

const parseFormBody = koaBody({
  json: false,
  urlencoded: true,
  formLimit: CONTACT_BODY_LIMIT_BYTES,
  // Field names as they are: `a.b` and `a[b]` are unknown fields, not nested objects.
  queryString: { allowDots: false, depth: 0 },
  text: false,
  multipart: false,
  onError: explainBodyError,
});

const FIELD_NAMES = ['firstName', 'lastName', 'email', 'phone', 'message', 'website'] as const;

/**
 * The parsed form with its line breaks as the page's JSON has them: a browser
 * sends a textarea's as CRLF (HTML's form encoding), which would be stored as
 * such and count twice against the message's length limit.
 */
function postedForm(ctx: Context): Record<string, unknown> {
  const body = (ctx.request.body ?? {}) as Record<string, unknown>;
  const withLineFeeds = (value: unknown) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value);
  return Object.fromEntries(Object.entries(body).map(([name, value]) => [name, withLineFeeds(value)]));
}

/** The posted text of each known field, to put back in the form; anything else is left out. */
function formValuesOf(posted: Record<string, unknown>): FormValues {
  return Object.fromEntries(FIELD_NAMES.flatMap((name) => (typeof posted[name] === 'string' ? [[name, posted[name]]] : [])));
}

/** The first problem of each field; problems with no field of the form (an unknown field) are left to the summary. */
function fieldErrorsOf(issues: readonly ContactIssue[], t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const name = issue.path?.[0] as FieldName;
    if (name in errors || !FIELD_NAMES.includes(name)) continue;
    errors[name] = describeContactIssue(issue, t);
  }
  return errors;
}

function answerPage(ctx: Context, status: number, body: string): void {
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Content-Language', LOCALES[requestLocale(ctx)].htmlLang);
  ctx.body = body;
}

/** The form chain's error boundary: a refusal from any step after it is answered with the form again, saying why. */
const answerRefusalsWithTheForm = answerRefusalsWithPage((ctx, refusal) =>
  answerPage(
    ctx,
    refusal.status,
    formPage({ locale: requestLocale(ctx), values: formValuesOf(postedForm(ctx)), problem: refusal.message }),
  ),
);

function refuseOtherSites(ctx: Context, next: Next) {
  if (!isOwnFormPost(ctx)) refuse(ctx, 403, 'service.crossSite');
  return next();
}

function storeFormPost(intake: Intake): Middleware {
  const formPostKeys = createFormPostKeys({ secret: () => intake.store.deploymentSecret() });
  return async function storeFormEnquiry(ctx: Context) {
    // The page's hidden `locale` field: every answer from here on is in the page's language.
    takeLocaleFrom(ctx, ctx.request.body);
    const posted = postedForm(ctx);
    const submission = contactSubmissionSchema.safeParse(posted);
    const locale = requestLocale(ctx);
    if (!submission.success) {
      const t = translatorFor(locale);
      const fieldErrors = fieldErrorsOf(submission.error.issues, t);
      const problem = Object.keys(fieldErrors).length > 0 ? undefined : describeContactProblem(submission.error, t);
      return answerPage(ctx, 400, formPage({ locale, values: formValuesOf(posted), fieldErrors, problem }));
    }
    const { reference } = await submitEnquiry(
      ctx,
      intake,
      submission.data,
      await formPostKeys.keyFor(submission.data, rateLimitKey(ctx.ip)),
      true,
    );
    answerPage(ctx, 201, confirmationPage(locale, reference));
  };
}

/**
 * The form sent by the browser itself, as a chain of its own: refused unless
 * a page of this site sent it (./form-post-origin.ts), rate limited before
 * its body is read (so a slow or large body costs nothing past the limit, and
 * the refusal, in Accept-Language's language, cannot give the visitor their
 * text back), parsed, validated with the same schema and stored once however
 * often it is sent (./form-post-keys.ts). Requests of any other type go on to
 * the JSON steps of the route.
 */
function forFormPosts(intake: Intake, limitRate: Middleware): Middleware {
  const formPost = compose([answerRefusalsWithTheForm, refuseOtherSites, limitRate, parseFormBody, storeFormPost(intake)]);
  return (ctx: Context, next: Next) => (ctx.is(FORM_TYPE) ? formPost(ctx, next) : next());
}

export interface ContactPostOptions {
  store: Store;
  limitRate: Middleware;
  /** The proof of work JSON enquiries need; null when CONTACT_CHALLENGE is off. */
  challenge: ContactChallenge | null;
  /** What is counted or held for review instead of accepted. */
  review: ContactReview;
}

/** The steps of POST /api/contact, in order. */
export function contactPost({ store, limitRate, challenge, review }: ContactPostOptions): Middleware[] {
  const intake = { store, review };
  return [forFormPosts(intake, limitRate), limitRate, requireJson, parseJsonBody, receiveEnquiry(intake, challenge)];
}
