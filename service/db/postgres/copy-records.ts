/**
 * Copies records kept elsewhere (the file store, for `npm run enquiries --
 * migrate`) into the database, in one transaction. Every record keeps its
 * id, and an id, idempotency key, username, note, message or audit entry already there
 * is skipped (and left as it is there), so copying again (after a failure, or
 * to pick up what came meanwhile) copies nothing twice. The audit log is
 * copied in order and goes on from its last entry; sessions are not copied
 * (staff sign in again on the new store). The replies' reader's cursors are
 * copied free (no holder), so it goes on from where it was without reading
 * the mailbox again.
 */
import type pg from 'pg';
import type {
  AlertRecord,
  AuditRecord,
  EnquiryRecord,
  MailboxCursorRecord,
  MessageRecord,
  NoteRecord,
  SpamRecord,
  UserRecord,
} from '../../records';
import { insertAlerts } from './alert-queue';
import { copyAuditLog } from './audit-log';
import {
  MESSAGE_COLUMNS,
  MESSAGE_WIDTH,
  messageValues,
  NOTE_COLUMNS,
  NOTE_WIDTH,
  noteValues,
  USER_COLUMNS,
  USER_WIDTH,
  userValues,
} from './inbox-rows';
import { MAILBOX_CURSOR_COLUMNS, mailboxCursorValues } from './mailbox-cursor-rows';
import { inTransaction } from './pool';
import type { PostgresStore } from './postgres-store';
import { takeStoredReferences } from './references';
import { ENQUIRY_COLUMNS, ENQUIRY_WIDTH, enquiryValues, placeholders, SPAM_COLUMNS, SPAM_WIDTH, spamValues } from './rows';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters at 13 a row. */
const BATCH_ROWS = 1_000;

function batches<T>(items: readonly T[]): T[][] {
  return Array.from({ length: Math.ceil(items.length / BATCH_ROWS) }, (_, index) =>
    items.slice(index * BATCH_ROWS, (index + 1) * BATCH_ROWS),
  );
}

/** Inserts enquiries or spam not there yet, and the idempotency keys of those inserted; resolves with how many. */
async function copySubmissions(client: pg.PoolClient, table: 'enquiries' | 'spam', records: readonly (EnquiryRecord | SpamRecord)[]) {
  const spam = table === 'spam';
  const width = spam ? SPAM_WIDTH : ENQUIRY_WIDTH;
  let copied = 0;
  for (const batch of batches(records)) {
    const values = batch.flatMap((record) => (spam ? spamValues(record as SpamRecord) : enquiryValues(record)));
    const { rows } = await client.query<{ id: string; idempotency_key: string | null }>(
      `INSERT INTO ${table} (${spam ? SPAM_COLUMNS : ENQUIRY_COLUMNS}) VALUES ${placeholders(batch.length, width)}
       ON CONFLICT DO NOTHING RETURNING id, idempotency_key`,
      values,
    );
    copied += rows.length;
    const keyed = rows.filter((row) => row.idempotency_key !== null);
    if (keyed.length === 0) continue;
    await client.query(
      `INSERT INTO idempotency_keys (key, ${spam ? 'spam_id' : 'enquiry_id'}) VALUES ${placeholders(keyed.length, 2)}`,
      keyed.flatMap((row) => [row.idempotency_key, row.id]),
    );
  }
  return copied;
}

/** Inserts the rows not there yet (by any unique key); resolves with how many. */
async function copyRows<T>(
  client: pg.PoolClient,
  table: string,
  columns: string,
  width: number,
  values: (record: T) => unknown[],
  records: readonly T[],
) {
  let copied = 0;
  for (const batch of batches(records)) {
    const { rowCount } = await client.query(
      `INSERT INTO ${table} (${columns}) VALUES ${placeholders(batch.length, width)} ON CONFLICT DO NOTHING`,
      batch.flatMap(values),
    );
    copied += rowCount ?? 0;
  }
  return copied;
}

const MAILBOX_CURSOR_WIDTH = MAILBOX_CURSOR_COLUMNS.split(',').length;

/** A cursor as the database should start with it: whoever read with the file store is not reading there. */
const freedCursorValues = (cursor: MailboxCursorRecord) => mailboxCursorValues({ ...cursor, holder: null, heldUntil: null });

async function copyAlerts(client: pg.PoolClient, alerts: readonly AlertRecord[]) {
  let copied = 0;
  for (const batch of batches(alerts)) copied += await insertAlerts(client, batch, true);
  return copied;
}

export interface RecordsToCopy {
  enquiries: readonly EnquiryRecord[];
  spam: readonly SpamRecord[];
  users: readonly UserRecord[];
  alerts: readonly AlertRecord[];
  notes: readonly NoteRecord[];
  /** Oldest first, as the threads are kept. */
  messages: readonly MessageRecord[];
  /** Oldest first, as the log is kept. */
  audit: readonly AuditRecord[];
  mailboxCursors: readonly MailboxCursorRecord[];
}

/**
 * Resolves with how many of each were copied (the others were there already).
 * Throws AuditLogMismatchError, copying nothing, when the database keeps an
 * audit log of its own that the copied one does not match.
 */
export function copyRecords(store: PostgresStore, records: RecordsToCopy): Promise<Record<keyof RecordsToCopy, number>> {
  return inTransaction(store.pool, async (client) => {
    const enquiries = await copySubmissions(client, 'enquiries', records.enquiries);
    const spam = await copySubmissions(client, 'spam', records.spam);
    await takeStoredReferences(client);
    return {
      enquiries,
      spam,
      users: await copyRows(client, 'users', USER_COLUMNS, USER_WIDTH, userValues, records.users),
      alerts: await copyAlerts(client, records.alerts),
      notes: await copyRows(client, 'notes', NOTE_COLUMNS, NOTE_WIDTH, noteValues, records.notes),
      messages: await copyRows(client, 'messages', MESSAGE_COLUMNS, MESSAGE_WIDTH, messageValues, records.messages),
      audit: await copyAuditLog(client, records.audit, BATCH_ROWS),
      mailboxCursors: await copyRows(
        client,
        'mailbox_cursors',
        MAILBOX_CURSOR_COLUMNS,
        MAILBOX_CURSOR_WIDTH,
        freedCursorValues,
        records.mailboxCursors,
      ),
    };
  });
}
