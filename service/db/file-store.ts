/**
 * The file store: a lowdb document at DB_FILE (see schema.ts), with a journal
 * that makes each write durable before it is answered (store-adapter.ts), and
 * the rules that belong to the data (idempotency keys, spam kept apart,
 * unique usernames, an enquiry's alerts written with it and handed out once).
 * It is made for one firm on one machine: CAPACITY enquiries with their
 * alerts, all in memory. Past that it keeps working, and from 80% of it it
 * says, at start and daily, that it is time to move to PostgreSQL (see capacityWarning).
 * openFileStore() takes the lock; close() folds and releases it.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Low } from 'lowdb';
import type { ContactSubmission } from '../../contract/contact';
import { isDue, retriedAlert, summarizeAlerts, type AlertSummary } from '../alerts/alert-records';
import { silentLog, type Log } from '../log';
import { hashPassword } from '../passwords';
import type { AlertChannel, AlertRecord, EnquiryRecord, SpamRecord, UserRecord } from '../records';
import {
  capacityWarning,
  describeCapacity,
  StoreFileError,
  type Capacity,
  type ClaimedAlert,
  type DeletedCounts,
  type Store,
  type StoreRecords,
  type SubmitResult,
} from '../store-interface';
import { checkNewUser, fingerprintOf, newRecordsFor, sameEmail, usernameTaken } from '../store-rules';
import { emptyStoreData, type JournalEntry, type StoreData } from './schema';
import { deploymentSecretFile, readOrCreateSecret } from './deployment-secret-file';
import { StoreAdapter, type FoldPolicy } from './store-adapter';
import { indexAlerts, storeFilesFor } from './store-files';
import { lockStore } from './store-lock';

/** About five years of enquiries at 25 a day: what restart and memory are measured at. */
export const CAPACITY = 50_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The file store, which can also answer at once from memory (the tests read it so). */
export interface FileStore extends Store {
  enquiries(): readonly EnquiryRecord[];
  spam(): readonly SpamRecord[];
  alerts(): readonly AlertRecord[];
}

class LowStore implements FileStore {
  readonly #byKey = new Map<string, EnquiryRecord | SpamRecord>();
  /** Writes not yet on disk, by idempotency key, so that a concurrent replay waits for the first. */
  readonly #pending = new Map<string, Promise<void>>();
  /** Pending alerts that are on disk, by id: the only ones a sender may take. */
  readonly #pendingAlerts = new Map<string, AlertRecord>();
  readonly #claimed = new Set<string>();
  readonly #alertListeners = new Set<() => void>();
  #alertIndex: Map<string, number>;
  #closing: Promise<void> | null = null;
  readonly #warnTimer: NodeJS.Timeout;

  constructor(
    private readonly db: Low<StoreData>,
    private readonly adapter: StoreAdapter,
    private readonly releaseLock: () => Promise<void>,
    private readonly alertChannels: readonly AlertChannel[],
    private readonly log: Log,
    private readonly secret: Buffer,
  ) {
    this.#alertIndex = indexAlerts(db.data);
    this.#indexKeys();
    for (const alert of db.data.alerts) if (alert.status === 'pending') this.#pendingAlerts.set(alert.id, alert);
    this.#warnIfNearlyFull();
    this.#warnTimer = setInterval(() => this.#warnIfNearlyFull(), DAY_MS).unref();
  }

  async capacity(): Promise<Capacity> {
    return { enquiries: this.db.data.enquiries.length, limit: CAPACITY };
  }

  #warnIfNearlyFull(): void {
    const capacity = { enquiries: this.db.data.enquiries.length, limit: CAPACITY };
    const warning = capacityWarning(capacity);
    if (warning !== null) this.log({ level: 'warn', msg: warning, capacity: describeCapacity(capacity) });
  }

  async submitEnquiry(submission: ContactSubmission, idempotencyKey?: string): Promise<SubmitResult> {
    const fingerprint = fingerprintOf(submission);
    const existing = idempotencyKey === undefined ? undefined : this.#byKey.get(idempotencyKey);
    if (existing) {
      if (existing.fingerprint !== fingerprint) return { outcome: 'conflict' };
      await this.#pending.get(idempotencyKey!);
      return { outcome: 'replayed', record: existing };
    }

    const { record, isSpam, alerts } = newRecordsFor(submission, {
      fingerprint,
      idempotencyKey,
      alertChannels: this.alertChannels,
      now: new Date(),
    });
    const written = this.#add(isSpam ? 'spam' : 'enquiries', record, alerts);
    if (idempotencyKey !== undefined) {
      this.#byKey.set(idempotencyKey, record);
      this.#pending.set(idempotencyKey, written);
    }
    try {
      await written;
    } catch (error) {
      // Not on disk: a retry with this key must try again, not be told it succeeded.
      if (idempotencyKey !== undefined) this.#byKey.delete(idempotencyKey);
      throw error;
    } finally {
      if (idempotencyKey !== undefined) this.#pending.delete(idempotencyKey);
    }
    if (alerts.length > 0) {
      for (const alert of alerts) this.#pendingAlerts.set(alert.id, alert);
      for (const listener of this.#alertListeners) listener();
    }
    return { outcome: 'created', record };
  }

  enquiries(): readonly EnquiryRecord[] {
    return this.db.data.enquiries;
  }

  spam(): readonly SpamRecord[] {
    return this.db.data.spam;
  }

  alerts(): readonly AlertRecord[] {
    return this.db.data.alerts;
  }

  async records(): Promise<StoreRecords> {
    const { enquiries, spam, alerts } = this.db.data;
    return { enquiries: [...enquiries], spam: [...spam], alerts: [...alerts] };
  }

  deleteByEmail(email: string): Promise<DeletedCounts> {
    return this.#deleteWhere((record) => sameEmail(record.email, email));
  }

  deleteOlderThan(cutoff: Date): Promise<DeletedCounts> {
    const before = cutoff.toISOString();
    return this.#deleteWhere((record) => record.createdAt < before);
  }

  /** Removes matching enquiries and spam, and the enquiries' alerts, then compacts. */
  async #deleteWhere(matches: (record: EnquiryRecord | SpamRecord) => boolean): Promise<DeletedCounts> {
    const { enquiries, spam, alerts } = this.db.data;
    const keptEnquiries = enquiries.filter((record) => !matches(record));
    const keptSpam = spam.filter((record) => !matches(record));
    const removed = { enquiries: enquiries.length - keptEnquiries.length, spam: spam.length - keptSpam.length };
    if (removed.enquiries + removed.spam === 0) return removed;
    const keptIds = new Set(keptEnquiries.map((record) => record.id));
    this.db.data.enquiries = keptEnquiries;
    this.db.data.spam = keptSpam;
    this.db.data.alerts = alerts.filter((alert) => keptIds.has(alert.enquiryId));
    this.#alertIndex = indexAlerts(this.db.data);
    for (const id of this.#pendingAlerts.keys()) if (!this.#alertIndex.has(id)) this.#pendingAlerts.delete(id);
    this.#indexKeys();
    await this.db.write(); // a new document and journal: the records are gone from disk, not only hidden
    return removed;
  }

  async addUser(username: string, password: string): Promise<UserRecord> {
    const name = checkNewUser(username, password);
    const passwordHash = await hashPassword(password);
    // Checked after the await: another addUser may have taken the name meanwhile.
    if (this.db.data.users.some((user) => user.username.toLowerCase() === name.toLowerCase())) {
      throw usernameTaken(name);
    }
    const user: UserRecord = { id: randomUUID(), username: name, passwordHash, createdAt: new Date().toISOString() };
    await this.#add('users', user, []);
    return user;
  }

  async claimDueAlerts(now: Date, startedAt: Date, limit: number): Promise<ClaimedAlert[]> {
    // The map keeps the order alerts were queued in, which is their enquiries' order:
    // stopping at `limit` keeps a long queue cheap to serve.
    const due: AlertRecord[] = [];
    for (const alert of this.#pendingAlerts.values()) {
      if (due.length >= limit) break;
      if (!this.#claimed.has(alert.id) && isDue(alert, now, startedAt)) due.push(alert);
    }
    for (const alert of due) this.#claimed.add(alert.id);
    return due.map((alert) => ({
      alert,
      // From the end: alerts are nearly always about the newest enquiries.
      enquiry: this.db.data.enquiries.findLast((record) => record.id === alert.enquiryId) ?? null,
    }));
  }

  async recordAlert(alert: AlertRecord): Promise<void> {
    const position = this.#alertIndex.get(alert.id);
    try {
      if (position === undefined) return; // its enquiry was deleted meanwhile
      // Memory first: if the line does not reach the disk, the recovery writes memory out whole.
      this.db.data.alerts[position] = alert;
      if (alert.status === 'pending') this.#pendingAlerts.set(alert.id, alert);
      else this.#pendingAlerts.delete(alert.id);
      await this.adapter.append([{ op: 'put', collection: 'alerts', record: alert }]);
    } finally {
      this.#claimed.delete(alert.id);
    }
  }

  async retryFailedAlerts(now: Date): Promise<number> {
    const failed = this.db.data.alerts.filter((alert) => alert.status === 'failed');
    if (failed.length === 0) return 0;
    const retried = failed.map((alert) => retriedAlert(alert, now));
    for (const alert of retried) {
      this.db.data.alerts[this.#alertIndex.get(alert.id)!] = alert;
      this.#pendingAlerts.set(alert.id, alert);
    }
    await this.adapter.append(retried.map((alert) => ({ op: 'put', collection: 'alerts', record: alert })));
    for (const listener of this.#alertListeners) listener();
    return retried.length;
  }

  async nextAlertDueAt(): Promise<Date | null> {
    let earliest: string | null = null;
    for (const alert of this.#pendingAlerts.values()) {
      if (this.#claimed.has(alert.id) || alert.nextAttemptAt === null) continue;
      if (earliest === null || alert.nextAttemptAt < earliest) earliest = alert.nextAttemptAt;
    }
    return earliest === null ? null : new Date(earliest);
  }

  onAlertsAdded(listener: () => void): () => void {
    this.#alertListeners.add(listener);
    return () => this.#alertListeners.delete(listener);
  }

  async alertSummary(): Promise<AlertSummary> {
    return summarizeAlerts(this.db.data.alerts);
  }

  async deploymentSecret(): Promise<Buffer> {
    return this.secret;
  }

  async writable(): Promise<boolean> {
    return this.adapter.writable;
  }

  close(): Promise<void> {
    clearInterval(this.#warnTimer);
    this.#closing ??= (async () => {
      try {
        await this.adapter.close();
      } finally {
        await this.releaseLock();
      }
    })();
    return this.#closing;
  }

  /**
   * Adds a record and its alerts in memory and as one journal line. If the
   * line does not reach the disk they are taken out again, so that a later
   * fold cannot store what was refused.
   */
  async #add<Name extends 'enquiries' | 'spam' | 'users'>(
    collection: Name,
    record: StoreData[Name][number],
    alerts: readonly AlertRecord[],
  ): Promise<void> {
    const records = this.db.data[collection] as StoreData[Name][number][];
    records.push(record);
    for (const alert of alerts) {
      this.#alertIndex.set(alert.id, this.db.data.alerts.length);
      this.db.data.alerts.push(alert);
    }
    const entries = [
      { op: 'add', collection, record },
      ...alerts.map((alert) => ({ op: 'add', collection: 'alerts', record: alert })),
    ] as JournalEntry[];
    try {
      await this.adapter.append(entries);
    } catch (error) {
      records.splice(records.lastIndexOf(record), 1);
      if (alerts.length > 0) {
        this.db.data.alerts = this.db.data.alerts.filter((alert) => !alerts.includes(alert));
        this.#alertIndex = indexAlerts(this.db.data);
      }
      throw error;
    }
  }

  #indexKeys(): void {
    this.#byKey.clear();
    for (const records of [this.db.data.enquiries, this.db.data.spam]) {
      for (const record of records) {
        if (record.idempotencyKey !== null) this.#byKey.set(record.idempotencyKey, record);
      }
    }
  }
}

export interface OpenFileStoreOptions {
  /** The channels each new enquiry gets a pending alert for. */
  alertChannels?: readonly AlertChannel[];
  fold?: FoldPolicy;
  /** Where the store reports a disk failure, its recovery, data files written back, and how full it is. */
  log?: Log;
  /** Called if another process takes the lock over while this one holds it (see store-lock.ts). */
  onLockLost?: (message: string) => void;
}

/**
 * Opens (and creates) the store at `dbFile`: takes the lock, reads and checks
 * the files, folds the journal in. Throws LockHeldError, or StoreFileError
 * for a file it cannot use, which it then leaves exactly as it found it.
 */
export async function openFileStore(dbFile: string, options: OpenFileStoreOptions = {}): Promise<FileStore> {
  const log = options.log ?? silentLog;
  await mkdir(path.dirname(dbFile), { recursive: true });
  const releaseLock = await lockStore(dbFile, { onLost: options.onLockLost });
  const adapter = new StoreAdapter(storeFilesFor(dbFile), log, options.fold);
  try {
    const db = new Low<StoreData>(adapter, emptyStoreData());
    await db.read();
    // Before the adapter opens (which may rewrite the files): a malformed secret leaves them as they were.
    const secret = await readOrCreateSecret(deploymentSecretFile(dbFile));
    await adapter.open(db.data);
    return new LowStore(db, adapter, releaseLock, options.alertChannels ?? [], log, secret);
  } catch (error) {
    await adapter.close().catch(() => {});
    await releaseLock();
    throw error;
  }
}

const READ_ATTEMPTS = 5;
const READ_RETRY_MS = 50;

/**
 * Reads the store without its lock, for the CLI while the service runs. A
 * fold between reading the document and the journal shows as a journal of a
 * newer generation: read again.
 */
export async function readFileStore(dbFile: string): Promise<{ data: StoreData; found: boolean }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const adapter = new StoreAdapter(storeFilesFor(dbFile));
      const db = new Low<StoreData>(adapter, emptyStoreData());
      await db.read();
      return { data: db.data, found: adapter.found };
    } catch (error) {
      if (!(error instanceof StoreFileError && error.transient) || attempt >= READ_ATTEMPTS) throw error;
      await delay(READ_RETRY_MS);
    }
  }
}
