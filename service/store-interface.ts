/**
 * What every store does, whichever keeps the data: a lowdb file on one disk
 * (db/file-store.ts) or PostgreSQL shared by several instances (db/postgres/),
 * and the errors they answer with. The service, the alert dispatcher and the
 * CLI use only this; open-configured-store.ts picks the backend.
 */
import type { ContactSubmission } from '../contract/contact';
import type { HoldReason } from '../contract/hold-reasons';
import type { AcknowledgementLimits } from './alerts/acknowledgement-limits';
import type { AlertSummary } from './alerts/alert-records';
import type {
  AlertRecord,
  AuditRecord,
  EnquiryRecord,
  EnquiryStatus,
  MailboxCursorRecord,
  MessageRecord,
  NoteRecord,
  OperatorAlertRecord,
  SessionRecord,
  SpamRecord,
  TallyName,
  TallyRecord,
  UserRecord,
} from './records';

export type {
  AlertRecord,
  AuditRecord,
  EnquiryRecord,
  MessageRecord,
  NoteRecord,
  OperatorAlertRecord,
  SessionRecord,
  SpamRecord,
  TallyRecord,
  UserRecord,
};

/** The disk or the database failed under us: the write was not stored. */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
  constructor(cause: unknown) {
    super(`The store cannot write: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** What a person asked for breaks a rule of the data (a username taken, a short password). */
export class UserInputError extends Error {
  override name = 'UserInputError';
}

/** Another process holds the store's lock: only one may write a file store at a time. */
export class LockHeldError extends Error {
  override name = 'LockHeldError';
}

/** A data file that cannot be used as it is; the store leaves it as it found it. The message names the file and the problem. */
export class StoreFileError extends Error {
  override name = 'StoreFileError';
  constructor(
    readonly file: string,
    readonly problem: string,
    /** True when reading again may succeed: the service replaced the files while we read them. */
    readonly transient = false,
  ) {
    super(`${file}: ${problem}`);
  }
}

/** A submission that would have been held for `reason` when SubmitOptions.mayHold said there is no room: nothing was stored. */
export class NoRoomToHoldError extends Error {
  override name = 'NoRoomToHoldError';
  constructor(readonly reason: HoldReason) {
    super(`No room to hold a submission for ${reason}`);
  }
}

/** A copy of the audit log (migrate --to) that does not extend the one the database keeps: nothing was copied. */
export class AuditLogMismatchError extends Error {
  override name = 'AuditLogMismatchError';
}

/** How many enquiries a store holds against the number it is made for. */
export interface Capacity {
  enquiries: number;
  limit: number;
}

/** "40,000 of 50,000 enquiries (80%)": for the start-up line, the health details and the warning. */
export function describeCapacity({ enquiries, limit }: Capacity): string {
  return `${enquiries.toLocaleString('en')} of ${limit.toLocaleString('en')} enquiries (${Math.floor((enquiries / limit) * 100)}%)`;
}

/** From 80% of its capacity, what the service says at start, daily, and in the health details; else null. */
export function capacityWarning({ enquiries, limit }: Capacity): string | null {
  return enquiries >= 0.8 * limit
    ? 'The store is nearly full: time to move to PostgreSQL (npm run enquiries -- migrate --to postgres://...).'
    : null;
}

/** An operator alert (alerts/operator-alerts.ts) rather than an enquiry's: it has a key. */
export const isOperatorAlert = (alert: AlertRecord | OperatorAlertRecord): alert is OperatorAlertRecord => 'key' in alert;

/** An alert handed to one sender, with the enquiry it is about (null when that was deleted since, and for an operator alert). */
export type ClaimedAlert = { alert: AlertRecord; enquiry: EnquiryRecord | null } | { alert: OperatorAlertRecord; enquiry: null };

/** The operator alerts of a store: written with each enquiry, each handed to one sender at a time. */
export interface AlertQueue {
  /**
   * Up to `limit` pending alerts that are due (see isDue), each taken until
   * recordAlert() gives its new state: the enquiries' in the order they were
   * queued, then, in the room left, the operator alerts (alerts/operator-alerts.ts).
   */
  claimDueAlerts(now: Date, startedAt: Date, limit: number): Promise<ClaimedAlert[]>;
  /** Writes an alert's state (of either kind) after an attempt and releases its claim; resolves once it is stored. */
  recordAlert(alert: AlertRecord | OperatorAlertRecord): Promise<void>;
  /** Makes every failed alert pending and due now; resolves with how many. */
  retryFailedAlerts(now: Date): Promise<number>;
  /** The earliest time an unclaimed pending alert is due, or null when none is pending. */
  nextAlertDueAt(): Promise<Date | null>;
  /** Calls `listener` after new alerts are stored. Returns the function that unsubscribes. */
  onAlertsAdded(listener: () => void): () => void;
  alertSummary(): Promise<AlertSummary>;
}

export type SubmitResult =
  | { outcome: 'created' | 'replayed'; record: EnquiryRecord | SpamRecord }
  /** The idempotency key was used before for a different enquiry. */
  | { outcome: 'conflict' };

export interface DeletedCounts {
  enquiries: number;
  spam: number;
}

/** Everything a store holds but the users, oldest first: what the CLI lists and exports. */
export interface StoreRecords {
  enquiries: EnquiryRecord[];
  spam: SpamRecord[];
  alerts: AlertRecord[];
}

/** Which enquiries the inbox lists: newest first, filtered, one page at a time. */
export interface EnquiryQuery {
  status?: EnquiryStatus;
  assigneeId?: string;
  /**
   * Matched case-insensitively as a substring of the full name (first then
   * last, or last then first, one space between), the e-mail, phone and message.
   */
  search?: string;
  /** The page after this enquiry (keyset paging: stays fast at any depth). */
  after?: { createdAt: string; id: string };
  limit: number;
}

export interface EnquiryPage {
  enquiries: EnquiryRecord[];
  /** True when another page follows the last enquiry of this one. */
  more: boolean;
  /** How many enquiries match the query, across all pages. */
  total: number;
}

/** What staff change on an enquiry: its status, or whom it is assigned to (null: nobody). */
export interface EnquiryChange {
  status?: EnquiryStatus;
  assigneeId?: string | null;
}

/** The records kept by key, by collection: what Store.get and a transaction's get, put and delete work on. */
export interface KeyedRecords {
  users: UserRecord;
  sessions: SessionRecord;
  notes: NoteRecord;
  enquiries: EnquiryRecord;
  /** Held for review: an enquiry kept apart until staff release it (enquiry-records.ts) or it expires. */
  spam: SpamRecord;
  /** An enquiry's thread: find('messages', { enquiryId }), oldest first. */
  messages: MessageRecord;
  /** Where the replies' reader is in each mailbox (mailbox/cursor.ts), keyed by the mailbox. */
  mailboxCursors: MailboxCursorRecord;
}
export type KeyedCollection = keyof KeyedRecords;
/** What find() looks in: the keyed records, and the alerts of both kinds (which the alert queue writes). */
export interface FoundRecords extends KeyedRecords {
  alerts: AlertRecord;
  operatorAlerts: OperatorAlertRecord;
  /** What the service counted instead of storing, per UTC day and name (Store.tally). */
  tallies: TallyRecord;
  /** The audit log, by its number (audit-append.ts appends and cuts it). */
  audit: AuditRecord;
}
/** One field and the value it must have. */
export type Where<Record> = { [Field in keyof Record]?: Record[Field] & string };
/**
 * What find() matches in a collection: a record's fields, and for enquiries
 * and held records their reference (TW-XXXXXXXX, any case; referencePrefix),
 * which each store finds through an index.
 */
export type Findable<Name extends keyof FoundRecords> = Where<
  FoundRecords[Name] & (Name extends 'enquiries' | 'spam' ? { reference: string } : unknown)
>;

/** Records by collection and key, read: the rules about them live above the stores (auth/staff-records.ts, auth/second-factor.ts). */
export interface RecordReads {
  get<Name extends KeyedCollection>(collection: Name, id: string): Promise<KeyedRecords[Name] | null>;
  /** The records with the field of `where` at its value (every record without one), oldest first. */
  find<Name extends keyof FoundRecords>(collection: Name, where?: Findable<Name>): Promise<FoundRecords[Name][]>;
}

/** Reads and writes of records by key, in a transaction (Store.atomically). */
export interface RecordAccess extends RecordReads {
  /** Adds the record, or replaces the one with its id. */
  put<Name extends KeyedCollection>(collection: Name, record: KeyedRecords[Name]): Promise<void>;
  /** False when there was none. */
  delete(collection: KeyedCollection, id: string): Promise<boolean>;
}

/**
 * Several reads and writes made as one (Store.atomically). A record read
 * with get() stays as read until the transaction ends, whichever instance
 * would change it; lock() holds a name the same way, for a rule that reads
 * more than one record.
 */
export interface Transaction extends RecordAccess {
  lock(name: string): Promise<void>;
  /** AUDIT_KEY, which the store was opened with; null: entries are unkeyed, as before a deployment had one. */
  readonly auditKey: string | null;
  /** The newest audit entry (null: none yet), held until the transaction ends: what an append chains to (audit-append.ts). */
  auditChainHead(): Promise<AuditRecord | null>;
  /** Adds the entry that follows the head. */
  addAudit(record: AuditRecord): Promise<void>;
  /**
   * Removes the entries before the first one at or after `cutoff` (by number:
   * an entry from a clock running behind leaves no gap), every one when none
   * is; resolves with how many, and the number of the first one left (null: none).
   */
  cutAudit(cutoff: Date): Promise<{ count: number; firstKept: number | null }>;
  /** The ids of the enquiries still New that came from `since` to before `cutoff` and have had no reminder, oldest first (reminders.ts). */
  unremindedNew(since: Date, cutoff: Date): Promise<string[]>;
  /**
   * The visitor's acknowledgement of `enquiry` queued at `now`, for the caller
   * to queue, when the store sends them and no limit stops it
   * (alerts/acknowledgement-limits.ts); else none, and the limit that stopped
   * it tallied. Counted at once: a later one in any transaction sees it.
   */
  acknowledgement(enquiry: EnquiryRecord, now: Date, limits: AcknowledgementLimits): Promise<AlertRecord[]>;
  /** Adds alerts of either kind (isOperatorAlert); the senders hear of them once the transaction is stored. */
  queueAlerts(alerts: readonly (AlertRecord | OperatorAlertRecord)[]): Promise<void>;
}

/**
 * The inbox's data: staff, their sessions, the enquiries' workflow and the
 * audit log. Every store keeps it behind this interface, with the same rules
 * (store-contract.test.ts).
 */
export interface InboxStore extends RecordReads {
  /**
   * Runs `work` as one change: all its writes are stored, or (when it throws,
   * or the disk or database refuses) none. On the file store it runs under
   * the store's single writer, its writes one journal line; on PostgreSQL it
   * is one transaction, safe with several instances. Resolves once durable.
   */
  atomically<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  listEnquiries(query: EnquiryQuery): Promise<EnquiryPage>;
  /** How many enquiries are still New and arrived before `cutoff`. */
  countNewBefore(cutoff: Date): Promise<number>;

  /** Every enquiry and held record with this address (case-insensitive), and the enquiries' alerts, notes and threads' messages. */
  recordsByEmail(email: string): Promise<StoreRecords & { notes: NoteRecord[]; messages: MessageRecord[] }>;
}

/** How a new submission is stored (Store.submitEnquiry). */
export interface SubmitOptions {
  /** Hold it for review, for this reason, instead of accepting it. */
  holdFor?: HoldReason;
  /** Accept at most this many enquiries a UTC day (ENQUIRIES_PER_DAY); past it, hold for `daily-ceiling`. 0 or absent: no ceiling. */
  dailyCeiling?: number;
  /**
   * False: what would be held (for any reason, the ceiling's included) is not
   * stored, and submitEnquiry throws NoRoomToHoldError. Whether there is room is decided by
   * review/held-admission.ts from heldUsage(); absent: true.
   */
  mayHold?: boolean;
  /** The post's rateLimitKeys: its acknowledgement counts against each (alerts/acknowledgement-limits.ts). */
  clientKeys?: readonly string[];
}

/** How much the held queue holds: records, and the UTF-8 bytes of their text fields (heldBytesOf). */
export interface HeldUsage {
  records: number;
  bytes: number;
}

export interface Store extends AlertQueue, InboxStore {
  /**
   * Stores a validated submission with a pending alert per channel, in one
   * write; resolves once it is durable. Held for review instead (no alerts)
   * when `options` say so, or the honeypot is filled. Nothing stored is
   * ever deleted to make room: SubmitOptions.mayHold refuses to store instead.
   */
  submitEnquiry(submission: ContactSubmission, idempotencyKey?: string, options?: SubmitOptions): Promise<SubmitResult>;
  records(): Promise<StoreRecords>;
  /** Removes every enquiry and spam record with this address (case-insensitive), and their alerts and notes. */
  deleteByEmail(email: string): Promise<DeletedCounts>;
  /** Removes every enquiry and spam record that came before `cutoff` (retention), and their alerts and notes. */
  deleteOlderThan(cutoff: Date): Promise<DeletedCounts>;
  /** How full the store is, or null for one without a fixed size (PostgreSQL). */
  capacity(): Promise<Capacity | null>;
  /**
   * 32 random bytes made once per deployment and kept with the data, the same
   * on every instance and across restarts: what the service keys its own
   * secrets with (the no-JS form's idempotency keys).
   */
  deploymentSecret(): Promise<Buffer>;
  /** False while the store cannot take an enquiry (a refused disk write, an unreachable database). */
  writable(): Promise<boolean>;
  /** Finishes queued writes and lets go of the data (files and lock, or connections). */
  close(): Promise<void>;

  /** How many records are held for review, and their bytes. */
  heldUsage(): Promise<HeldUsage>;
  /**
   * Removes held records that came before `cutoff`, tallies of days before it
   * and operator alerts made before it that are no longer pending; resolves
   * with how many held records went.
   */
  deleteHeldBefore(cutoff: Date): Promise<number>;
  /**
   * Adds one to the UTC day's tally of `name`; `example` is kept, cut to
   * EXAMPLE_CHARS, while the day has fewer than TALLY_EXAMPLES. The file store
   * writes a busy tally out every few seconds, not at every count.
   */
  tally(name: TallyName, now: Date, example?: string): Promise<void>;
}
