/**
 * The alerts of the PostgreSQL store, shared by every instance. A sender
 * claims an alert by setting claimed_until, in one statement that skips rows
 * another instance is claiming at that moment (FOR UPDATE SKIP LOCKED), so
 * no alert is handed to two senders; recordAlert() clears the claim. An
 * instance that dies mid-send never clears it: once claimed_until has passed,
 * the alert is due again for whoever looks next.
 */
import type pg from 'pg';
import { summarizeAlerts, type AlertSummary } from '../../alerts/alert-records';
import { isOperatorAlert, type AlertQueue, type ClaimedAlert } from '../../store-interface';
import type { AlertChannel, AlertRecord, OperatorAlertRecord } from '../../records';
import * as operator from './operator-alerts';
import {
  ALERT_COLUMNS,
  ALERT_WIDTH,
  alertOf,
  alertValues,
  ENQUIRY_COLUMNS,
  enquiryOf,
  placeholders,
  type AlertRow,
  type EnquiryRow,
} from './rows';
import { unlessUnavailable } from './pool';

/** Far longer than one attempt can take (the senders give up after 10-40 s): only a dead instance's claim runs out. */
export const ALERT_CLAIM_MS = 2 * 60 * 1000; // 2 minutes

/** Reads only the partial index alerts_unsent (migration 4): its predicate must stay the same as this WHERE. */
export const ALERT_SUMMARY_SQL = `SELECT channel, status, count(*)::integer AS count, min(created_at) AS oldest
  FROM alerts WHERE status <> 'sent' GROUP BY channel, status`;

/** Few rows, ever (at most two an hour per notice): no index needed. */
const OPERATOR_ALERT_SUMMARY_SQL = `SELECT channel, status, count(*)::integer AS count, min(created_at) AS oldest
  FROM operator_alerts WHERE status <> 'sent' GROUP BY channel, status`;

export class PostgresAlertQueue implements AlertQueue {
  readonly #listeners = new Set<() => void>();

  constructor(
    /** Also the rate limiter's, so that the limit is counted once for every instance. */
    readonly pool: pg.Pool,
    protected readonly claimMs: number = ALERT_CLAIM_MS,
  ) {}

  async claimDueAlerts(now: Date, startedAt: Date, limit: number): Promise<ClaimedAlert[]> {
    // isDue (alert-records.ts) in SQL, plus "nobody holds it": never claimed, or the claim ran out.
    // The caller's clock decides, as it does for nextAttemptAt.
    const claimed = await unlessUnavailable(() =>
      this.pool.query<AlertRow & { position: string }>(
        `WITH due AS (
           SELECT id FROM alerts
           WHERE status = 'pending' AND next_attempt_at IS NOT NULL
             AND (next_attempt_at <= $1 OR last_attempt_at < $2)
             AND (claimed_until IS NULL OR claimed_until <= $1)
           ORDER BY position
           LIMIT $3
           FOR UPDATE SKIP LOCKED
         )
         UPDATE alerts SET claimed_until = $4 FROM due WHERE alerts.id = due.id
         RETURNING alerts.*`,
        [now, startedAt, limit, new Date(now.getTime() + this.claimMs)],
      ),
    );
    const operatorAlerts = async () =>
      (claimed.rowCount ?? 0) < limit
        ? (await operator.claimDueOperatorAlerts(this.pool, now, startedAt, limit - (claimed.rowCount ?? 0), this.claimMs)).map(
            (alert) => ({ alert, enquiry: null }),
          )
        : [];
    if (claimed.rowCount === 0) return operatorAlerts();
    const rows = claimed.rows.sort((a, b) => Number(a.position) - Number(b.position));
    const enquiries = await unlessUnavailable(() =>
      this.pool.query<EnquiryRow>(`SELECT ${ENQUIRY_COLUMNS} FROM enquiries WHERE id = ANY($1::uuid[])`, [
        rows.map((row) => row.enquiry_id),
      ]),
    );
    const byId = new Map(enquiries.rows.map((row) => [row.id, enquiryOf(row)]));
    return [...rows.map((row) => ({ alert: alertOf(row), enquiry: byId.get(row.enquiry_id) ?? null })), ...(await operatorAlerts())];
  }

  async recordAlert(alert: AlertRecord | OperatorAlertRecord): Promise<void> {
    // No row when its enquiry was deleted meanwhile (the alert went with it): nothing to record.
    await unlessUnavailable(() =>
      this.pool.query(
        `UPDATE ${isOperatorAlert(alert) ? 'operator_alerts' : 'alerts'} SET status = $2, attempts = $3, next_attempt_at = $4, last_attempt_at = $5,
           last_error = $6, sent_at = $7, claimed_until = NULL
         WHERE id = $1`,
        [alert.id, alert.status, alert.attempts, alert.nextAttemptAt, alert.lastAttemptAt, alert.lastError, alert.sentAt],
      ),
    );
  }

  async retryFailedAlerts(now: Date): Promise<number> {
    let retried = 0;
    for (const table of ['alerts', 'operator_alerts']) {
      const { rowCount } = await unlessUnavailable(() =>
        this.pool.query(`UPDATE ${table} SET status = 'pending', next_attempt_at = $1 WHERE status = 'failed'`, [now]),
      );
      retried += rowCount ?? 0;
    }
    if (retried) this.notifyAlertsAdded();
    return retried;
  }

  async nextAlertDueAt(): Promise<Date | null> {
    // A claimed alert is due again when its claim runs out: that is when a dead instance's alert is taken over.
    const { rows } = await unlessUnavailable(() =>
      this.pool.query<{ due: Date | null }>(
        `SELECT min(greatest(next_attempt_at, claimed_until)) AS due FROM (
           SELECT next_attempt_at, claimed_until FROM alerts WHERE status = 'pending' AND next_attempt_at IS NOT NULL
           UNION ALL
           SELECT next_attempt_at, claimed_until FROM operator_alerts WHERE status = 'pending' AND next_attempt_at IS NOT NULL
         ) AS pending`,
      ),
    );
    return rows[0]?.due ?? null;
  }

  /** Only this instance's new alerts: the others' are found by the dispatcher's poll. */
  onAlertsAdded(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  notifyAlertsAdded(): void {
    for (const listener of this.#listeners) listener();
  }

  async alertSummary(): Promise<AlertSummary> {
    type Row = { channel: AlertChannel; status: 'pending' | 'failed'; count: number; oldest: Date };
    // Two queries, not a UNION: each reads its own small set (the enquiries' through alerts_unsent).
    const enquiries = await unlessUnavailable(() => this.pool.query<Row>(ALERT_SUMMARY_SQL));
    const operator = await unlessUnavailable(() => this.pool.query<Row>(OPERATOR_ALERT_SUMMARY_SQL));
    const summary = summarizeAlerts([]);
    for (const { channel, status, count, oldest } of [...enquiries.rows, ...operator.rows]) {
      summary.channels[channel][status] += count;
      const oldestAt = oldest.toISOString();
      if (status === 'pending' && (summary.oldestPendingAt === null || oldestAt < summary.oldestPendingAt)) {
        summary.oldestPendingAt = oldestAt;
      }
    }
    return summary;
  }
}

/**
 * Inserts alert records as they are; resolves with how many went in. `skipCopied`:
 * those already there are left alone (the migrate command, run again).
 */
export async function insertAlerts(client: pg.PoolClient, alerts: readonly AlertRecord[], skipCopied = false): Promise<number> {
  if (alerts.length === 0) return 0;
  const { rowCount } = await client.query(
    `INSERT INTO alerts (${ALERT_COLUMNS}) VALUES ${placeholders(alerts.length, ALERT_WIDTH)}${skipCopied ? ' ON CONFLICT DO NOTHING' : ''}`,
    alerts.flatMap(alertValues),
  );
  return rowCount ?? 0;
}
