/**
 * POST /api/contact: one enquiry in, 201 { id, message } out once it is on
 * disk. Every refusal is ctx.throw(status, sentence): Koa answers it as plain
 * text, and the page shows "status: sentence".
 */
import http from 'node:http';
import { Router } from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { koaBody } from 'koa-body';
import {
  CONTACT_ENDPOINT,
  IDEMPOTENCY_KEY_HEADER,
  contactSubmissionSchema,
  describeContactProblem,
  idempotencyKeySchema,
  thankYouMessage,
  type ContactAnswer,
} from '../../contract/contact';
import { StoreUnavailableError, type Store } from '../store';

// 16 KiB: the longest valid enquiry is about 6 KB of ASCII text, but up to 16 KB in UTF-8 when every character takes 3 bytes.
const CONTACT_BODY_LIMIT_BYTES = 16 * 1024;

function requireJson(ctx: Context, next: Next) {
  // null: no body at all; false: a body of another type.
  const type = ctx.is('application/json');
  if (type === false) ctx.throw(415, 'Please send the enquiry as JSON (Content-Type: application/json).');
  if (type === null || ctx.request.length === 0) ctx.throw(400, 'The enquiry is empty.');
  return next();
}

/** Turns the body parser's errors into sentences; its own messages are for developers. */
function explainBodyError(error: Error & { status?: number; type?: string }, ctx: Context): never {
  if (error.status === 413) ctx.throw(413, `The enquiry is too large: the limit is ${CONTACT_BODY_LIMIT_BYTES / 1024} KB.`);
  if (error.status === 415) ctx.throw(415, 'The request body uses a content encoding the service does not accept.');
  if (/prototype/i.test(error.message)) ctx.throw(400, 'The enquiry contains a forbidden field name.');
  if (error instanceof SyntaxError) ctx.throw(400, 'The enquiry is not valid JSON.');
  ctx.throw(400, 'The enquiry could not be read. Please send it again.');
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
  if (!key.success) ctx.throw(400, `The ${IDEMPOTENCY_KEY_HEADER} header must be a UUID.`);
  return key.data;
}

function receiveEnquiry(store: Store): Middleware {
  return async function storeEnquiry(ctx: Context) {
    const idempotencyKey = readIdempotencyKey(ctx);
    const submission = contactSubmissionSchema.safeParse(ctx.request.body);
    if (!submission.success) ctx.throw(400, describeContactProblem(submission.error));

    let result;
    try {
      result = await store.submitEnquiry(submission.data, idempotencyKey);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      ctx.throw(503, 'Your message could not be saved right now. Please try again later.', { cause: error, expose: true });
    }
    if (result.outcome === 'conflict') {
      ctx.throw(422, `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different enquiry.`);
    }
    if (result.outcome === 'replayed') ctx.set('Idempotent-Replayed', 'true');
    ctx.status = 201;
    ctx.body = { id: result.record.id, message: thankYouMessage(result.record.firstName) } satisfies ContactAnswer;
  };
}

function rejectOtherMethods(ctx: Context) {
  ctx.throw(405, 'This address only accepts POST.', { headers: { Allow: 'POST' } });
}

export interface ContactRoutesOptions {
  store: Store;
  limitRate: Middleware;
}

export function contactRoutes({ store, limitRate }: ContactRoutesOptions): Router {
  // Every method Node knows, so that `all` below answers 405 to all but POST, not 404.
  const router = new Router({ methods: http.METHODS });
  router.post(CONTACT_ENDPOINT, limitRate, requireJson, parseJsonBody, receiveEnquiry(store));
  router.all(CONTACT_ENDPOINT, rejectOtherMethods);
  return router;
}
