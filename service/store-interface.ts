/**
 * What every store does, whichever keeps the data: lowdb files on one disk
 * (service/store.ts) or PostgreSQL shared by several instances. The service,
 * the alert dispatcher and the CLI use only this.
 */
import type { ContactSubmission } from '../contract/contact';
import type { AlertSummary } from './alerts/alert-records';
import type { AlertRecord, EnquiryRecord, SpamRecord, UserRecord } from './db/schema';

export type { AlertRecord, EnquiryRecord, SpamRecord, UserRecord };

/** An alert handed to one sender, with the enquiry it is about (null when that was deleted since). */
export interface ClaimedAlert {
  alert: AlertRecord;
  enquiry: EnquiryRecord | null;
}

/** The operator alerts of a store: written with each enquiry, each handed to one sender at a time. */
export interface AlertQueue {
  /**
   * Up to `limit` pending alerts that are due (see isDue), in the order they
   * were queued, each taken until recordAlert() gives its new state.
   */
  claimDueAlerts(now: Date, startedAt: Date, limit: number): Promise<ClaimedAlert[]>;
  /** Writes an alert's state after an attempt and releases its claim; resolves once it is stored. */
  recordAlert(alert: AlertRecord): Promise<void>;
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

export interface Store extends AlertQueue {
  /**
   * Stores a validated submission (as spam when the honeypot is filled) with a
   * pending alert per channel (none for spam), in one write; resolves once it is durable.
   */
  submitEnquiry(submission: ContactSubmission, idempotencyKey?: string): Promise<SubmitResult>;
  records(): Promise<StoreRecords>;
  /** Removes every enquiry and spam record with this address (case-insensitive), and their alerts. */
  deleteByEmail(email: string): Promise<DeletedCounts>;
  /** Removes every enquiry and spam record that came before `cutoff` (retention), and their alerts. */
  deleteOlderThan(cutoff: Date): Promise<DeletedCounts>;
  addUser(username: string, password: string): Promise<UserRecord>;
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
}
