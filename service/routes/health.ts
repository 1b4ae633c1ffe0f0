/**
 * GET /api/health, for uptime monitors and load balancers, public: whether the
 * store can write, or the database is reachable (200), else 503, and nothing
 * more. It touches no table, so a flood of checks costs the database nothing.
 *
 * GET /api/health/details, for the operator's monitoring: the same, and how
 * the alerts stand (health-report.ts). An outsider could count enquiries with
 * it and learn when nobody is being told, so it needs the health token, or,
 * without one, a client on this machine.
 */
import type { Context, Middleware } from 'koa';
import type { AlertChannel } from '../records';
import { refuse } from '../i18n';
import type { Store } from '../store-interface';
import { isLoopbackAddress } from '../loopback-host';
import { carriesBearer } from './health-access';
import { cachedHealthReport } from './health-report';

/** The addresses clients use (the router adds the /api prefix: ./api.ts). */
export const HEALTH_ENDPOINT = '/api/health';
export const HEALTH_DETAILS_ENDPOINT = '/api/health/details';

export interface HealthOptions {
  store: Store;
  alertChannels: readonly AlertChannel[];
  /** HEALTH_TOKEN: the details need it as a Bearer token; null, they answer only to loopback. */
  healthToken: string | null;
}

function allowDetails(ctx: Context, healthToken: string | null): void {
  if (healthToken !== null) {
    if (carriesBearer(ctx.get('Authorization'), healthToken)) return;
    refuse(ctx, 401, 'service.healthToken', undefined, { headers: { 'WWW-Authenticate': 'Bearer' } });
  }
  // ctx.ip is the client's address as the proxy settings read it: a request relayed by a
  // local proxy counts by the address the proxy names, not as loopback.
  if (!isLoopbackAddress(ctx.ip)) refuse(ctx, 403, 'service.healthLoopbackOnly');
}

/** GET /api/health. */
export function healthCheck(store: Store): Middleware {
  return async function answerHealth(ctx: Context) {
    const writable = await store.writable();
    ctx.status = writable ? 200 : 503;
    ctx.body = { status: writable ? 'ok' : 'unavailable' };
  };
}

/** GET /api/health/details. */
export function healthDetails({ store, alertChannels, healthToken }: HealthOptions): Middleware {
  const details = cachedHealthReport(store, alertChannels);
  return async function answerHealthDetails(ctx: Context) {
    allowDetails(ctx, healthToken);
    const report = await details();
    ctx.status = report.store.writable ? 200 : 503;
    ctx.body = report;
  };
}
