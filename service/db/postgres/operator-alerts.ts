/**
 * The operator alerts of the PostgreSQL store (operator_alerts, migration 9),
 * claimed and recorded as the enquiries' alerts are (./alert-queue.ts).
 */
import type pg from 'pg';
import type { AlertChannel, OperatorAlertRecord } from '../../records';
import { unlessUnavailable } from './pool';
import { placeholders } from './rows';

export const OPERATOR_ALERT_COLUMNS =
  'id, key, channel, event, subject, text, status, created_at, attempts, next_attempt_at, last_attempt_at, last_error, sent_at';
const WIDTH = 13;

interface OperatorAlertRow {
  id: string;
  key: string;
  channel: AlertChannel;
  event: string;
  subject: string;
  text: string;
  status: OperatorAlertRecord['status'];
  created_at: Date;
  attempts: number;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  last_error: string | null;
  sent_at: Date | null;
}

const iso = (time: Date | null) => time?.toISOString() ?? null;

export function operatorAlertOf(row: OperatorAlertRow): OperatorAlertRecord {
  return {
    id: row.id,
    key: row.key,
    channel: row.channel,
    event: row.event,
    subject: row.subject,
    text: row.text,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    attempts: row.attempts,
    nextAttemptAt: iso(row.next_attempt_at),
    lastAttemptAt: iso(row.last_attempt_at),
    lastError: row.last_error,
    sentAt: iso(row.sent_at),
  };
}

/** Adds the alerts in a transaction that holds their key's lock (alerts/operator-alerts.ts); resolves with how many. */
export async function insertOperatorAlerts(client: pg.PoolClient, alerts: readonly OperatorAlertRecord[]): Promise<number> {
  if (alerts.length === 0) return 0;
  const values = alerts.flatMap((alert) => [
    alert.id,
    alert.key,
    alert.channel,
    alert.event,
    alert.subject,
    alert.text,
    alert.status,
    alert.createdAt,
    alert.attempts,
    alert.nextAttemptAt,
    alert.lastAttemptAt,
    alert.lastError,
    alert.sentAt,
  ]);
  const { rowCount } = await client.query(
    `INSERT INTO operator_alerts (${OPERATOR_ALERT_COLUMNS}) VALUES ${placeholders(alerts.length, WIDTH)} ON CONFLICT DO NOTHING`,
    values,
  );
  return rowCount ?? 0;
}

/** As PostgresAlertQueue.claimDueAlerts: due, unclaimed (or the claim ran out), skipping rows another instance is taking. */
export async function claimDueOperatorAlerts(
  pool: pg.Pool,
  now: Date,
  startedAt: Date,
  limit: number,
  claimMs: number,
): Promise<OperatorAlertRecord[]> {
  const { rows } = await unlessUnavailable(() =>
    pool.query<OperatorAlertRow & { position: string }>(
      `WITH due AS (
         SELECT id FROM operator_alerts
         WHERE status = 'pending' AND next_attempt_at IS NOT NULL
           AND (next_attempt_at <= $1 OR last_attempt_at < $2)
           AND (claimed_until IS NULL OR claimed_until <= $1)
         ORDER BY position
         LIMIT $3
         FOR UPDATE SKIP LOCKED
       )
       UPDATE operator_alerts SET claimed_until = $4 FROM due WHERE operator_alerts.id = due.id
       RETURNING operator_alerts.*`,
      [now, startedAt, limit, new Date(now.getTime() + claimMs)],
    ),
  );
  return rows.sort((a, b) => Number(a.position) - Number(b.position)).map(operatorAlertOf);
}
