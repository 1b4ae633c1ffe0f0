/**
 * What staff read of enquiries in PostgreSQL beyond records by key: how many
 * are still New, and what a personal-data request finds by address.
 */
import type pg from 'pg';
import type { MessageRecord, NoteRecord } from '../../records';
import type { StoreRecords } from '../../store-interface';
import { MESSAGE_COLUMNS, messageOf, type MessageRow, NOTE_COLUMNS, noteOf, type NoteRow } from './inbox-rows';
import { inTransaction, unlessUnavailable } from './pool';
import {
  ALERT_COLUMNS,
  alertOf,
  ENQUIRY_COLUMNS,
  enquiryOf,
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
      // sentFrom() (store-rules.ts): their answers to any enquiry too.
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE enquiry_id IN (${theirs}) OR lower(btrim("from")) = $1 ORDER BY created_at, position`,
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
