/**
 * The visitor's /api, one router: the contact route, the check of a reply
 * (/api/verify) and the health check are the endpoints. The staff inbox's calls, under /api/inbox, have their
 * own router (./inbox/inbox-api.ts), mounted before this one in ../app.ts,
 * because they answer otherwise: JSON with `{ error }` refusals, a body on
 * every call, the same-origin check on every change. Answers are never cached; a method an endpoint does not
 * take is a 405 with Allow, and any other /api path a plain-text 404 (never
 * the app shell, which would hand a script HTML with status 200), each with
 * its sentence in the visitor's language.
 */
import { Router, type RouterMiddleware } from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import compose from 'koa-compose';
import type { AlertChannel } from '../records';
import { refuse } from '../i18n';
import type { ContactReview } from '../review/contact-review';
import type { Store } from '../store-interface';
import { contactPost } from './contact';
import { challengeGet, type ContactChallenge } from './contact-challenge';
import { healthCheck, healthDetails } from './health';

const API_PREFIX = '/api';

function isApiPath(pathname: string): boolean {
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
}

export interface ApiOptions {
  store: Store;
  limitRate: Middleware;
  /** The challenge's own limit: each one issued costs a key derivation. */
  limitChallenges: Middleware;
  /** The contact form's proof of work; null when it is off. */
  challenge: ContactChallenge | null;
  /** The alert channels the settings turn on, for the health check. */
  alertChannels: readonly AlertChannel[];
  /** HEALTH_TOKEN, for the health details. */
  healthToken: string | null;
  /** What is counted or held for review instead of accepted. */
  review: ContactReview;
  /** POST /api/verify's steps (./reply-check.ts). */
  replyCheck: Middleware[];
}

/** What allowedMethods throws; the boundary below answers it, knowing the request. */
class MethodRefused extends Error {}
const methodRefused = () => new MethodRefused();

/** Where a request no endpoint took stops: nothing under /api reaches the site's files. */
function endOfApi() {}

export function apiRoutes(options: ApiOptions): RouterMiddleware {
  // Any other method (OPTIONS included: no other site may call the API) is refused like a method an endpoint does not take.
  const router = new Router({ prefix: API_PREFIX, methods: ['HEAD', 'GET', 'POST'] });
  router.post('/contact', ...contactPost(options));
  router.get('/contact/challenge', options.limitChallenges, challengeGet(options.challenge));
  router.post('/verify', ...options.replyCheck);
  router.get('/health', healthCheck(options.store));
  router.get('/health/details', healthDetails(options));

  /** A method the path does not take, or a path no endpoint has, answered in the visitor's language. */
  function refuseRequest(ctx: Context): never {
    const methods = router.match(ctx.path, ctx.method).path.flatMap((layer) => layer.methods);
    if (methods.includes('GET')) refuse(ctx, 405, 'service.onlyGet', undefined, { headers: { Allow: 'GET, HEAD' } });
    if (methods.includes('POST')) refuse(ctx, 405, 'service.onlyPost', undefined, { headers: { Allow: 'POST' } });
    refuse(ctx, 404, 'service.noEndpoint');
  }

  async function answerAsApi(ctx: Context, next: Next) {
    ctx.set('Cache-Control', 'no-store');
    try {
      await next();
    } catch (error) {
      if (!(error instanceof MethodRefused)) throw error;
      refuseRequest(ctx);
    }
    if (ctx.status === 404 && ctx.body == null) refuseRequest(ctx);
  }

  const api = compose([
    answerAsApi,
    router.routes(),
    router.allowedMethods({ throw: true, methodNotAllowed: methodRefused, notImplemented: methodRefused }),
    endOfApi,
  ]);
  return (ctx, next) => (isApiPath(ctx.path) ? api(ctx, next) : next());
}
