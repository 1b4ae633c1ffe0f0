/**
 * What staff do with enquiries in PostgreSQL: find one, change its status or
 * assignee, note on it, release what the honeypot held, answer a
 * personal-data request; and the reminders of the 24-hour promise, which
 * every instance queues and each enquiry gets once.
 */
import type pg from 'pg';
import { referencedIdPrefix } from '../../../contract/reference';
import { newAlert } from '../../alerts/alert-records';
import type { AlertChannel, AlertRecord, EnquiryRecord, MessageRecord, NoteRecord, SpamRecord } from '../../records';
import type { EnquiryChange, StoreRecords } from '../../store-interface';
import { RELEASED_FROM_REVIEW } from '../../alerts/acknowledgement-limits';
import { acknowledgementIfDue } from './acknowledgements';
import { insertAlerts } from './alert-queue';
import { MESSAGE_COLUMNS, messageOf, type MessageRow, NOTE_COLUMNS, noteOf, type NoteRow } from './inbox-rows';
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

/** The ids an id or a reference stands for: the reference is the id's first 8 digits, a range of the primary key. */
function idRange(idOrReference: string): [string, string] | null {
  const prefix = referencedIdPrefix(idOrReference);
  if (prefix !== null) return [`${prefix}-0000-0000-0000-000000000000`, `${prefix}-ffff-ffff-ffff-ffffffffffff`];
  return isUuid(idOrReference) ? [idOrReference, idOrReference] : null;
}

/** By id, or by reference: the newest with that reference. */
export async function findEnquiry(pool: pg.Pool, idOrReference: string): Promise<EnquiryRecord | null> {
  const range = idRange(idOrReference);
  if (range === null) return null;
  const { rows } = await unlessUnavailable(() =>
    pool.query<EnquiryRow>(
      `SELECT ${ENQUIRY_COLUMNS} FROM enquiries WHERE id BETWEEN $1 AND $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
      range,
    ),
  );
  return rows[0] ? enquiryOf(rows[0]) : null;
}

export async function updateEnquiry(pool: pg.Pool, id: string, change: EnquiryChange): Promise<EnquiryRecord | null> {
  if (!isUuid(id)) return null;
  const { rows } = await unlessUnavailable(() =>
    pool.query<EnquiryRow>(
      `UPDATE enquiries SET status = coalesce($2, status), assignee_id = CASE WHEN $3 THEN $4::uuid ELSE assignee_id END
       WHERE id = $1 RETURNING ${ENQUIRY_COLUMNS}`,
      [id, change.status ?? null, change.assigneeId !== undefined, change.assigneeId ?? null],
    ),
  );
  return rows[0] ? enquiryOf(rows[0]) : null;
}

export async function countNewBefore(pool: pg.Pool, cutoff: Date): Promise<number> {
  const { rows } = await unlessUnavailable(() =>
    pool.query<{ count: number }>("SELECT count(*)::integer AS count FROM enquiries WHERE status = 'new' AND created_at < $1", [cutoff]),
  );
  return rows[0]!.count;
}

/** Held records by id or reference, as findEnquiry finds enquiries. */
export async function findSpam(pool: pg.Pool, idOrReference: string): Promise<SpamRecord | null> {
  const range = idRange(idOrReference);
  if (range === null) return null;
  const { rows } = await unlessUnavailable(() =>
    pool.query<SpamRow>(`SELECT ${SPAM_COLUMNS} FROM spam WHERE id BETWEEN $1 AND $2 ORDER BY created_at DESC, id DESC LIMIT 1`, range),
  );
  return rows[0] ? spamOf(rows[0]) : null;
}

export async function deleteSpam(pool: pg.Pool, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const { rowCount } = await unlessUnavailable(() => pool.query('DELETE FROM spam WHERE id = $1', [id]));
  return rowCount === 1;
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

/** One snapshot: nothing deleted or added between the five lists. */
export function recordsByEmail(pool: pg.Pool, email: string): Promise<StoreRecords & { notes: NoteRecord[]; messages: MessageRecord[] }> {
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
    const messages = await client.query<MessageRow>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE enquiry_id IN (${theirs}) ORDER BY created_at, position`,
      [address],
    );
    return {
      enquiries: enquiries.rows.map(enquiryOf),
      spam: spam.rows.map(spamOf),
      alerts: alerts.rows.map(alertOf),
      notes: notes.rows.map(noteOf),
      messages: messages.rows.map(messageOf),
    };
  });
}

/** Newest first, as the index spam_created_at gives them (a tie in time by id). */
export async function heldRecords(pool: pg.Pool, limit: number): Promise<SpamRecord[]> {
  const { rows } = await unlessUnavailable(() =>
    pool.query<SpamRow>(`SELECT ${SPAM_COLUMNS} FROM spam ORDER BY created_at DESC, id DESC LIMIT $1`, [limit]),
  );
  return rows.map(spamOf);
}
