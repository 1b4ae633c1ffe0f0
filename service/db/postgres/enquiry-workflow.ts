/**
 * What staff do with enquiries in PostgreSQL: find one, change its status or
 * assignee, note on it, release what the honeypot held, answer a
 * personal-data request; and the reminders of the 24-hour promise, which
 * every instance queues and each enquiry gets once.
 */
import type pg from 'pg';
import { newAlert } from '../../alerts/alert-records';
import type { AlertChannel, AlertRecord, EnquiryRecord, NoteRecord } from '../../records';
import type { StoreRecords } from '../../store-interface';
import { RELEASED_FROM_REVIEW } from '../../alerts/acknowledgement-limits';
import { acknowledgementIfDue } from './acknowledgements';
import { insertAlerts } from './alert-queue';
import { NOTE_COLUMNS, noteOf, type NoteRow } from './inbox-rows';
import { inTransaction, unlessUnavailable } from './pool';
import {
  ALERT_COLUMNS,
  alertOf,
  ENQUIRY_COLUMNS,
  ENQUIRY_WIDTH,
  enquiryOf,
  enquiryValues,
  isUuid,
  placeholders,
  SPAM_COLUMNS,
  spamOf,
  type AlertRow,
  type EnquiryRow,
  type SpamRow,
} from './rows';

export async function countNewBefore(pool: pg.Pool, cutoff: Date): Promise<number> {
  const { rows } = await unlessUnavailable(() =>
    pool.query<{ count: number }>("SELECT count(*)::integer AS count FROM enquiries WHERE status = 'new' AND created_at < $1", [cutoff]),
  );
  return rows[0]!.count;
}

/**
 * Moves a held record to the enquiries in one transaction, with its
 * idempotency key (a replay still finds it), an alert per channel queued now
 * and, with `acknowledge`, the visitor's acknowledgement; resolves with the
 * enquiry and its alerts, or null when it was not held (or another instance
 * released it first).
 */
export function releaseSpam(
  pool: pg.Pool,
  id: string,
  channels: readonly AlertChannel[],
  now: Date,
  acknowledge = false,
): Promise<{ enquiry: EnquiryRecord; alerts: AlertRecord[] } | null> {
  if (!isUuid(id)) return Promise.resolve(null);
  return inTransaction(pool, async (client) => {
    // Its idempotency_keys row goes with it (ON DELETE CASCADE) and is made again for the enquiry.
    const { rows } = await client.query<SpamRow>(`DELETE FROM spam WHERE id = $1 RETURNING ${SPAM_COLUMNS}`, [id]);
    if (!rows[0]) return null;
    const { website: _website, reason: _reason, ...enquiry } = spamOf(rows[0]);
    await client.query(`INSERT INTO enquiries (${ENQUIRY_COLUMNS}) VALUES ${placeholders(1, ENQUIRY_WIDTH)}`, enquiryValues(enquiry));
    if (enquiry.idempotencyKey !== null) {
      await client.query('INSERT INTO idempotency_keys (key, enquiry_id) VALUES ($1, $2)', [enquiry.idempotencyKey, enquiry.id]);
    }
    const queuedAt = now.toISOString();
    const alerts = channels.map((channel) => newAlert({ id: enquiry.id, createdAt: queuedAt }, channel));
    if (acknowledge) alerts.push(...(await acknowledgementIfDue(client, enquiry, now, RELEASED_FROM_REVIEW)));
    await insertAlerts(client, alerts);
    return { enquiry, alerts };
  });
}

/** One snapshot: nothing deleted or added between the four lists. */
export function recordsByEmail(pool: pg.Pool, email: string): Promise<StoreRecords & { notes: NoteRecord[] }> {
  // sameEmail() (store-rules.ts) in SQL: the address trimmed and lower-cased on both sides.
  const address = email.trim().toLowerCase();
  const theirs = 'SELECT id FROM enquiries WHERE lower(btrim(email)) = $1';
  return inTransaction(pool, async (client) => {
    await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const enquiries = await client.query<EnquiryRow>(
      `SELECT ${ENQUIRY_COLUMNS} FROM enquiries WHERE lower(btrim(email)) = $1 ORDER BY position`,
      [address],
    );
    const spam = await client.query<SpamRow>(`SELECT ${SPAM_COLUMNS} FROM spam WHERE lower(btrim(email)) = $1 ORDER BY position`, [
      address,
    ]);
    const alerts = await client.query<AlertRow>(`SELECT ${ALERT_COLUMNS} FROM alerts WHERE enquiry_id IN (${theirs}) ORDER BY position`, [
      address,
    ]);
    const notes = await client.query<NoteRow>(`SELECT ${NOTE_COLUMNS} FROM notes WHERE enquiry_id IN (${theirs}) ORDER BY position`, [
      address,
    ]);
    return {
      enquiries: enquiries.rows.map(enquiryOf),
      spam: spam.rows.map(spamOf),
      alerts: alerts.rows.map(alertOf),
      notes: notes.rows.map(noteOf),
    };
  });
}
