/**
 * GET /api/health, for uptime monitors and load balancers: whether the store
 * can write, or the database is reachable (200, else 503) and how the alerts stand. Counts and ages only,
 * never personal data.
 */
import { Router } from '@koa/router';
import type { Context } from 'koa';
import { ALERT_CHANNELS, type AlertChannel } from '../records';
import { refuse } from '../i18n';
import type { Store } from '../store-interface';

export const HEALTH_ENDPOINT = '/api/health';

export async function healthReport(store: Store, alertChannels: readonly AlertChannel[], now: Date) {
  // An unreachable database cannot say how the alerts stand either: the report still answers, with 503.
  const [writable, summary] = await Promise.all([store.writable(), store.alertSummary().catch(() => null)]);
  if (summary === null) return { status: 'unavailable', store: { writable: false }, alerts: null };
  const { channels, oldestPendingAt } = summary;
  const alerts = Object.fromEntries(
    ALERT_CHANNELS.map((channel) => [channel, { configured: alertChannels.includes(channel), ...channels[channel] }]),
  ) as Record<AlertChannel, { configured: boolean; pending: number; failed: number }>;
  const oldestPendingAgeSeconds =
    oldestPendingAt === null ? null : Math.max(0, Math.round((now.getTime() - Date.parse(oldestPendingAt)) / 1000));
  return {
    status: writable ? 'ok' : 'unavailable',
    store: { writable },
    alerts: { ...alerts, oldestPendingAgeSeconds },
  };
}

export function healthRoutes({ store, alertChannels }: { store: Store; alertChannels: readonly AlertChannel[] }): Router {
  const router = new Router();
  router.get(HEALTH_ENDPOINT, async (ctx: Context) => {
    const report = await healthReport(store, alertChannels, new Date());
    ctx.status = report.store.writable ? 200 : 503;
    ctx.body = report;
  });
  router.all(HEALTH_ENDPOINT, (ctx: Context) => {
    refuse(ctx, 405, 'service.onlyGet', undefined, { headers: { Allow: 'GET, HEAD' } });
  });
  return router;
}
