/** The replies' reader's cursors (mailbox/cursor.ts) to rows and back; bigint columns come back from pg as strings. */
import type { MailboxCursorRecord } from '../../records';

export const MAILBOX_CURSOR_COLUMNS = 'id, uid_validity, last_uid, holder, held_until, skipped, failing_uid, failed_tries, updated_at';

export interface MailboxCursorRow {
  id: string;
  uid_validity: string | null;
  last_uid: string;
  holder: string | null;
  held_until: Date | null;
  skipped: number;
  failing_uid: string | null;
  failed_tries: number;
  updated_at: Date;
}

export function mailboxCursorOf(row: MailboxCursorRow): MailboxCursorRecord {
  return {
    id: row.id,
    uidValidity: row.uid_validity,
    lastUid: Number(row.last_uid),
    holder: row.holder,
    heldUntil: row.held_until?.toISOString() ?? null,
    skipped: row.skipped,
    failingUid: row.failing_uid === null ? null : Number(row.failing_uid),
    failedTries: row.failed_tries,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The parameters of MAILBOX_CURSOR_COLUMNS, in that order. */
export function mailboxCursorValues(cursor: MailboxCursorRecord): unknown[] {
  return [
    cursor.id,
    cursor.uidValidity,
    cursor.lastUid,
    cursor.holder,
    cursor.heldUntil,
    cursor.skipped,
    cursor.failingUid,
    cursor.failedTries,
    cursor.updatedAt,
  ];
}
