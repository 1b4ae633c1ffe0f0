/**
 * Everything under /api: answers are never cached, the contact route is the
 * only endpoint, and any other /api path is a plain-text 404 (never the app
 * shell, which would hand a script HTML with status 200).
 */
import type { Context, Middleware, Next } from 'koa';
import type { Store } from '../store';
import { contactRoutes } from './contact';

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

export function apiRoutes(options: { store: Store; limitRate: Middleware }): Middleware {
  const routes = contactRoutes(options).routes();
  return async function routeApi(ctx: Context, next: Next) {
    if (!isApiPath(ctx.path)) return next();
    ctx.set('Cache-Control', 'no-store');
    // The router fills in ctx.params and ctx.router itself.
    await routes(ctx as Parameters<typeof routes>[0], async () => {
      ctx.throw(404, 'There is no API endpoint at this address.');
    });
  };
}
