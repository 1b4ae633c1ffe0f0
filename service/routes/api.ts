/**
 * Everything under /api: answers are never cached, the contact route and
 * the health check are the endpoints, and any other /api path is a
 * plain-text 404 (never the app shell, which would hand a script HTML with
 * status 200).
 */
import type { Context, Middleware, Next } from 'koa';
import type { AlertChannel } from '../records';
import { refuse } from '../i18n';
import type { Store } from '../store-interface';
import { contactRoutes } from './contact';
import { healthRoutes } from './health';

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

export interface ApiOptions {
  store: Store;
  limitRate: Middleware;
  /** The alert channels the settings turn on, for the health check. */
  alertChannels: readonly AlertChannel[];
  /** HEALTH_TOKEN, for the health details. */
  healthToken: string | null;
}

export function apiRoutes(options: ApiOptions): Middleware {
  const routers = [contactRoutes(options).routes(), healthRoutes(options).routes()];
  return async function routeApi(ctx: Context, next: Next) {
    if (!isApiPath(ctx.path)) return next();
    ctx.set('Cache-Control', 'no-store');
    // Each router hands on what it does not match; after the last, nothing did.
    const tryRouter = async (index: number): Promise<void> => {
      const routes = routers[index];
      if (!routes) refuse(ctx, 404, 'service.noEndpoint');
      // The router fills in ctx.params and ctx.router itself.
      await routes(ctx as Parameters<typeof routes>[0], () => tryRouter(index + 1));
    };
    await tryRouter(0);
  };
}
