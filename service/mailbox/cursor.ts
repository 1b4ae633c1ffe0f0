/**
 * Where the reader is in the firm's mailbox, kept in the store (the
 * `mailboxCursors` collection, one record per mailbox): the folder's
 * UIDVALIDITY and the last UID read, so that a restart resumes there and
 * reads nothing twice; the messages given up on; and whose turn it is to
 * read. On PostgreSQL several instances share the store and one reads at a
 * time: the turn is a lease, taken and renewed inside a transaction under a
 * lock, that runs out when its instance stops renewing it (a crash). The
 * file store has one writer; the same lease is simply always its own.
 */
import type { MailboxCursorRecord } from '../records';
import type { Store, Transaction } from '../store-interface';

/** How long a turn lasts unless renewed: a few polls, so that a dead instance's mailbox is read again within minutes. */
export const LEASE_MS = 3 * 60_000;

const lockName = (key: string) => `mailbox ${key}`;

function freshCursor(key: string, now: Date): MailboxCursorRecord {
  return {
    id: key,
    uidValidity: null,
    lastUid: 0,
    holder: null,
    heldUntil: null,
    skipped: 0,
    failingUid: null,
    failedTries: 0,
    updatedAt: now.toISOString(),
  };
}

/**
 * Takes or renews `holder`'s turn at the mailbox; resolves with the cursor,
 * or null while another instance's turn lasts.
 */
export function takeTurn(store: Pick<Store, 'atomically'>, key: string, holder: string, now = new Date()) {
  return store.atomically(async (tx) => {
    await tx.lock(lockName(key));
    const cursor = (await tx.get('mailboxCursors', key)) ?? freshCursor(key, now);
    const othersTurn =
      cursor.holder !== null && cursor.holder !== holder && cursor.heldUntil !== null && Date.parse(cursor.heldUntil) > now.getTime();
    if (othersTurn) return null;
    // updatedAt stays: it says when the mailbox was last read (moveCursor), which taking a turn is not.
    const taken = { ...cursor, holder, heldUntil: new Date(now.getTime() + LEASE_MS).toISOString() };
    await tx.put('mailboxCursors', taken);
    return taken;
  });
}

/** Ends `holder`'s turn (the service stops): another instance may read at once. */
export function endTurn(store: Pick<Store, 'atomically'>, key: string, holder: string) {
  return store.atomically(async (tx) => {
    await tx.lock(lockName(key));
    const cursor = await tx.get('mailboxCursors', key);
    if (cursor?.holder === holder) await tx.put('mailboxCursors', { ...cursor, holder: null, heldUntil: null });
  });
}

/** What a step of reading changes: where it got to, and what it gave up on. */
export interface CursorChange {
  uidValidity: string;
  /** The last UID done with (stored, or not an answer, or given up on). */
  lastUid: number;
  /** Given up on (unreadable, too large): counted. */
  skipped?: number;
  /** A message that failed and is to be tried again, with its tries so far; absent: none. */
  failing?: { uid: number; tries: number };
}

/**
 * Within a transaction: moves the cursor on. A folder whose UIDVALIDITY
 * changed starts again from UID 0; the cursor never moves back within one.
 */
export async function moveCursor(tx: Transaction, key: string, change: CursorChange, now = new Date()): Promise<MailboxCursorRecord> {
  await tx.lock(lockName(key));
  const stored = (await tx.get('mailboxCursors', key)) ?? freshCursor(key, now);
  const sameFolder = stored.uidValidity === change.uidValidity;
  const moved: MailboxCursorRecord = {
    ...stored,
    uidValidity: change.uidValidity,
    lastUid: sameFolder ? Math.max(stored.lastUid, change.lastUid) : change.lastUid,
    skipped: stored.skipped + (change.skipped ?? 0),
    failingUid: change.failing?.uid ?? null,
    failedTries: change.failing?.tries ?? 0,
    updatedAt: now.toISOString(),
  };
  await tx.put('mailboxCursors', moved);
  return moved;
}
