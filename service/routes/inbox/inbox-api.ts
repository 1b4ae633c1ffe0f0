/**
 * Everything under /api/inbox: the staff inbox's calls (contract/inbox.ts).
 * Every answer is JSON and never cached; every refusal is `{ error }` with a
 * sentence; a state change that did not come from the site's own page is
 * refused before anything else reads it; every call but sign-in needs a
 * session.
 */
import { Router, type RouterMiddleware } from '@koa/router';
import { type Context, HttpError, type Next } from 'koa';
import { koaBody } from 'koa-body';
import compose from 'koa-compose';
import { INBOX_API } from '../../../contract/inbox';
import { createKnownDevices } from '../../auth/known-device';
import { createSessions } from '../../auth/sessions';
import type { SignInLimits } from '../../auth/sign-in-limits';
import type { VerifyBudget } from '../../auth/verify-budget';
import type { AlertChannel } from '../../records';
import type { GuessingNotice } from '../../review/guessing-notice';
import type { Store } from '../../store-interface';
import { accountRoutes } from './account';
import { enquiryRoutes } from './enquiries';
import { heldRoutes } from './held';
import type { InboxDeps } from './inbox-context';
import type { ReplyConfig } from '../../config';
import { refuseInbox } from './refusals';
import { requestRoutes } from './requests';
import { isSameOriginRequest } from './same-origin';
import { signInRoutes } from './sign-in';

/** A note of 5,000 characters of three UTF-8 bytes each fits with room to spare. */
const BODY_LIMIT_BYTES = 32 * 1024;
const READ_ONLY_METHODS = new Set(['GET', 'HEAD']);

export interface InboxApiOptions {
  store: Store;
  alertChannels: readonly AlertChannel[];
  timeZone: string;
  limits: SignInLimits;
  verifyBudget: VerifyBudget;
  secretsSealed: boolean;
  guessingNotice: GuessingNotice;
  /** Staff replies by e-mail (REPLY_EMAIL_FROM...); absent or null: not configured. */
  replies?: ReplyConfig | null;
}

function isInboxApiPath(pathname: string): boolean {
  return pathname === INBOX_API || pathname.startsWith(`${INBOX_API}/`);
}

/**
 * Cache-Control on every answer; a refusal, or a 5xx the route answers with a
 * sentence of its own (exposed), as `{ error }`. A fault of ours goes on to
 * the service's own answer (and log).
 */
async function answerAsJson(ctx: Context, next: Next) {
  ctx.set('Cache-Control', 'no-store');
  try {
    await next();
  } catch (error) {
    if (!(error instanceof HttpError && error.expose)) throw error;
    ctx.status = error.status;
    if (error.headers) ctx.set(error.headers);
    ctx.body = { error: error.message };
  }
}

function refuseCrossSite(ctx: Context, next: Next) {
  if (!READ_ONLY_METHODS.has(ctx.method) && !isSameOriginRequest(ctx)) {
    refuseInbox(ctx, 403, 'This request did not come from the inbox’s own page.');
  }
  return next();
}

const parseJsonBody = koaBody({
  json: true,
  jsonStrict: true,
  jsonLimit: BODY_LIMIT_BYTES,
  urlencoded: false,
  text: false,
  multipart: false,
  onError(error: Error & { status?: number }, ctx: Context) {
    if (error.status === 413) refuseInbox(ctx, 413, 'The request is too large.');
    refuseInbox(ctx, 400, 'The request is not valid JSON.');
  },
});

export function inboxApi(options: InboxApiOptions): RouterMiddleware {
  const deps: InboxDeps = {
    ...options,
    replies: options.replies ?? null,
    sessions: createSessions(options.store),
    knownDevices: createKnownDevices(() => options.store.deploymentSecret()),
  };
  const router = new Router({ prefix: INBOX_API });
  signInRoutes(router, deps);
  enquiryRoutes(router, deps);
  heldRoutes(router, deps);
  requestRoutes(router, deps);
  accountRoutes(router, deps);

  /** A path no call has, or a method it does not take. */
  function refuseUnknown(ctx: Context) {
    if (ctx.body != null || ctx.status !== 404) return;
    const methods = [...new Set(router.match(ctx.path, ctx.method).path.flatMap((layer) => layer.methods))];
    if (methods.length > 0) refuseInbox(ctx, 405, 'The inbox does not take that method here.', { Allow: methods.join(', ') });
    refuseInbox(ctx, 404, 'The inbox has no such call.');
  }

  const inbox = compose([answerAsJson, refuseCrossSite, parseJsonBody, router.routes(), refuseUnknown]);
  // Mounted in ../app.ts before the visitor's /api: everything under its prefix is its own, the rest goes on.
  return (ctx, next) => (isInboxApiPath(ctx.path) ? inbox(ctx, next) : next());
}
