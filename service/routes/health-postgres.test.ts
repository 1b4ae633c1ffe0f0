/**
 * The health answers on PostgreSQL: the public one never touches the alerts
 * table, the details share one summary query however many ask at once, and
 * that query reads an index, not the whole table.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { ALERT_SUMMARY_SQL } from '../db/postgres/alert-queue';
import { openPostgresStore, type PostgresStore } from '../db/postgres/postgres-store';
import { silentLog } from '../log';
import { makeSiteFixture, makeTempDir, validSubmission } from '../test-support/fixtures';
import { usePostgresPerFile } from '../test-support/postgres-per-file';
import { HEALTH_DETAILS_ENDPOINT, HEALTH_ENDPOINT } from './health';
import type { HealthReport } from './health-report';

const postgres = usePostgresPerFile();
let temp: Awaited<ReturnType<typeof makeTempDir>>;
let store: PostgresStore;
let admin: pg.Client;
let databaseUrl: string;
let server: http.Server;
let url: string;

beforeEach(async () => {
  temp = await makeTempDir();
  databaseUrl = await postgres().createDatabase();
  store = await openPostgresStore(databaseUrl, { alertChannels: ['webhook'] });
  admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const app = createApp({
    store,
    distDir: await makeSiteFixture(temp.dir),
    rateLimitPerMinute: 0,
    trustProxy: false,
    alertChannels: ['webhook'],
    log: silentLog,
  });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  vi.useRealTimers();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await admin.end();
  await store.close();
  await temp.remove();
});

/**
 * Holds an exclusive lock on the alerts table, as someone's long transaction
 * would, until the returned function is called. On a connection of its own:
 * inside a transaction, pg_stat_activity would show the same snapshot each time.
 */
async function lockAlerts(): Promise<() => Promise<void>> {
  const locker = new pg.Client({ connectionString: databaseUrl });
  await locker.connect();
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE alerts IN ACCESS EXCLUSIVE MODE');
  let held = true;
  return async () => {
    if (held) await locker.end(); // its transaction ends with it
    held = false;
  };
}

/** vi.waitFor moves a faked Date on at each try: this waits on real time, and leaves the clock alone. */
async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > timeoutMs) throw new Error('the condition was not met in time');
    await delay(10);
  }
}

/** How many summary queries wait for the lock on the alerts table. */
async function summariesWaiting(): Promise<number> {
  const { rows } = await admin.query<{ count: number }>(
    "SELECT count(*)::integer AS count FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query = $1",
    [ALERT_SUMMARY_SQL],
  );
  return rows[0]!.count;
}

describe('on PostgreSQL', () => {
  it('answers the public check without reading the alerts table', async () => {
    const unlock = await lockAlerts();
    try {
      const response = await fetch(`${url}${HEALTH_ENDPOINT}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    } finally {
      await unlock();
    }
  });

  it('makes one summary query for requests that come while it runs, even a second apart', async () => {
    await store.submitEnquiry(validSubmission());
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-12-01T02:00:00.000Z');
    vi.setSystemTime(start);
    const unlock = await lockAlerts();
    let arrived = 0;
    server.on('request', () => (arrived += 1));
    try {
      const first = fetch(`${url}${HEALTH_DETAILS_ENDPOINT}`);
      await until(async () => (await summariesWaiting()) === 1);
      vi.setSystemTime(start.getTime() + 1_000);
      const second = fetch(`${url}${HEALTH_DETAILS_ENDPOINT}`);
      // Koa's handler has run up to its first wait by the time the server reports the request to us.
      await until(() => arrived === 2);
      await new Promise((resolve) => setImmediate(resolve));
      expect(await summariesWaiting()).toBe(1);
      await unlock();
      const reports = await Promise.all([first, second].map(async (answer) => (await (await answer).json()) as HealthReport));
      expect(reports.map((report) => report.computedAt)).toEqual([start.toISOString(), start.toISOString()]);
      expect(reports[1]!.alerts?.webhook).toEqual({ configured: true, pending: 1, failed: 0 });
    } finally {
      await unlock();
    }
  });

  it('counts the alerts not yet sent from an index, not by reading every sent one', async () => {
    await admin.query(`
      INSERT INTO enquiries (id, first_name, last_name, email, phone, service, message, created_at, fingerprint)
        SELECT gen_random_uuid(), 'Ann', 'Lee', 'ann@example.com', '', '', 'Hello', now() - n * interval '1 minute', repeat('0', 64)
        FROM generate_series(1, 20000) AS n;
      INSERT INTO alerts (id, enquiry_id, channel, status, created_at, attempts, sent_at)
        SELECT gen_random_uuid(), id, 'webhook', 'sent', created_at, 1, created_at FROM enquiries;
      UPDATE alerts SET status = 'pending', sent_at = NULL, next_attempt_at = now()
        WHERE id IN (SELECT id FROM alerts ORDER BY created_at DESC LIMIT 3);
      ANALYZE alerts;
    `);
    const { rows } = await admin.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${ALERT_SUMMARY_SQL}`);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('alerts_unsent');
    expect(plan).not.toContain('Seq Scan');
    expect((await store.alertSummary()).channels.webhook).toEqual({ pending: 3, failed: 0 });
  });
});
