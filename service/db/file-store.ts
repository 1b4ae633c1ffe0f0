/**
 * The file store: a lowdb document at DB_FILE with a journal that makes each
 * write durable before it is answered (store-adapter.ts), and the rules that
 * belong to the data. Every change is made in memory and written as one
 * journal line, and taken back out of memory if the line does not reach the
 * disk. It is made for one firm on one machine: CAPACITY enquiries with their
 * alerts, all in memory; from 80% of it, it says at start and daily that it
 * is time to move to PostgreSQL (see capacityWarning).
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Low } from 'lowdb';
import type { ContactSubmission } from '../../contract/contact';
import { referencedIdPrefix } from '../../contract/reference';
import { acknowledgementsPerDay, mailboxOf, skipReason, type AcknowledgementLimits } from '../alerts/acknowledgement-limits';
import { ACKNOWLEDGEMENT_INTERVAL_MS, isDue, newAcknowledgement, retriedAlert, summarizeAlerts } from '../alerts/alert-records';
import { silentLog, type Log } from '../log';
import {
  reasonOf,
  statusOf,
  TALLY_EXAMPLES,
  utcDay,
  type AlertChannel,
  type MessageRecord,
  type TallyName,
  type TallyRecord,
} from '../records';
import {
  capacityWarning,
  describeCapacity,
  isOperatorAlert,
  NoRoomToHoldError,
  StoreFileError,
  type AlertRecord,
  type ClaimedAlert,
  type EnquiryQuery,
  type EnquiryRecord,
  type OperatorAlertRecord,
  type SpamRecord,
  type Store,
  type SubmitOptions,
  type SubmitResult,
  type FoundRecords,
  type KeyedCollection,
  type Findable,
  type KeyedRecords,
  type Transaction,
} from '../store-interface';
import { countedOnce, fingerprintOf, heldBytesOf, newRecordsFor, referencePrefix, sameEmail, sentFrom, tallyId } from '../store-rules';
import { deploymentSecretFile, readOrCreateSecret } from './deployment-secret-file';
import { emptyStoreData, type CollectionName, type JournalEntry, type StoreData } from './schema';
import { StoreAdapter, type FoldPolicy } from './store-adapter';
import { applyEntry, storeFilesFor } from './store-files';
import { lockStore } from './store-lock';
import { RecordIndex } from './record-index';

/** About five years of enquiries at 25 a day: what restart and memory are measured at. */
export const CAPACITY = 50_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A tally counted in memory is written this long after its first new count, and at close: a bot posting all day adds a line every few seconds, not one per post. */
const TALLY_WRITE_MS = 5_000;

/** The file store, which can also answer at once from memory (the tests read it so). */
export interface FileStore extends Store {
  enquiries(): readonly EnquiryRecord[];
  spam(): readonly SpamRecord[];
  alerts(): readonly AlertRecord[];
}

export interface OpenFileStoreOptions {
  /** The channels each new enquiry gets a pending alert for. */
  alertChannels?: readonly AlertChannel[];
  /** Queue an acknowledgement to the visitor with each accepted enquiry, at most one per address a day. */
  acknowledge?: boolean;
  fold?: FoldPolicy;
  /** Where the store reports a disk failure, its recovery, data files written back, and how full it is. */
  log?: Log;
  /** Called if another process takes the lock over while this one holds it (see store-lock.ts). */
  onLockLost?: (message: string) => void;
  /** AUDIT_KEY, which keys the audit chain; absent or null: entries are unkeyed, as before a deployment had one. */
  auditKey?: string | null;
  /** Where new records' ids come from (default randomUUID): tests give ids whose references collide. */
  newId?: () => string;
}

/** A record added (in its place by time) or put in place of the one with its id. */
const change = <Name extends CollectionName>(op: 'add' | 'put', collection: Name, record: StoreData[Name][number]) =>
  ({ op, collection, record }) as JournalEntry;
const deletion = (collection: CollectionName, { id }: { id: string }): JournalEntry => ({ op: 'delete', collection, id });
/** Whether a record has `field` at `value` (every record when there is no field); an enquiry's or held record's reference matches its id. */
const matching =
  (collection: CollectionName, field: string | undefined, value: string | undefined) =>
  (record: object): boolean =>
    field === undefined ||
    (field === 'reference' && (collection === 'enquiries' || collection === 'spam')
      ? referencePrefix((record as { id: string }).id) === referencedIdPrefix(value!)
      : (record as Record<string, unknown>)[field] === value);

function matches(record: EnquiryRecord, { status, assigneeId, search }: EnquiryQuery, needle = search?.toLowerCase()): boolean {
  if (status !== undefined && statusOf(record) !== status) return false;
  if (assigneeId !== undefined && record.assigneeId !== assigneeId) return false;
  const { firstName, lastName } = record;
  const fields = [`${firstName} ${lastName}`, `${lastName} ${firstName}`, record.email, record.phone, record.message];
  return needle === undefined || fields.some((field) => field.toLowerCase().includes(needle));
}

/** Newest first: by time, then by id. */
const newestFirst = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
  (a.createdAt === b.createdAt ? a.id < b.id : a.createdAt < b.createdAt) ? 1 : -1;

/** An acknowledgement queued within the interval (LowStore's #acknowledged). */
interface Acknowledged {
  alertId: string;
  at: string;
  mailbox: string;
  clientKeys: readonly string[];
}

/** What #acknowledgement adds to a write: the acknowledgement, or the tally of why there is none. */
interface Acknowledgement {
  alerts: AlertRecord[];
  tallies: JournalEntry[];
}
const NOT_ACKNOWLEDGED: Acknowledgement = { alerts: [], tallies: [] };

class LowStore implements FileStore {
  readonly #byKey = new Map<string, EnquiryRecord | SpamRecord>();
  readonly #indexes = { enquiries: new RecordIndex<EnquiryRecord>(), spam: new RecordIndex<SpamRecord>() };
  /** The references (referencePrefix) of the enquiries and held records: a new record's must not be one of them. */
  readonly #references = new Set<string>();
  /** Writes not yet on disk, by idempotency key, so that a concurrent replay waits for the first. */
  readonly #pending = new Map<string, Promise<void>>();
  /** Pending alerts that are on disk, by id: the only ones a sender may take. */
  readonly #pendingAlerts = new Map<string, AlertRecord>();
  readonly #claimed = new Set<string>();
  readonly #alertListeners = new Set<() => void>();
  /**
   * The acknowledgements queued within the interval, oldest first, with their
   * mailbox (mailboxOf) and the client keys they counted against. Those keys
   * are kept in memory only, as the rate limits are: a restart forgets them.
   */
  #acknowledged: Acknowledged[] = [];
  readonly #unwrittenTallies = new Set<string>();
  #tallyTimer?: NodeJS.Timeout;
  readonly #dailyTimer: NodeJS.Timeout;
  #closing?: Promise<void>;
  /** The last transaction (atomically): each runs its work after the one before has made its changes. */
  #lastTransaction: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Low<StoreData>,
    private readonly adapter: StoreAdapter,
    private readonly releaseLock: () => Promise<void>,
    private readonly secret: Buffer,
    private readonly options: OpenFileStoreOptions,
  ) {
    this.#indexKeys();
    for (const alert of db.data.alerts) if (alert.status === 'pending') this.#pendingAlerts.set(alert.id, alert);
    this.#daily();
    this.#dailyTimer = setInterval(() => this.#daily(), DAY_MS).unref();
  }

  get #data(): StoreData {
    return this.db.data;
  }

  // Reads from memory, and the changes of one record, through the helpers below.
  enquiries = () => this.#data.enquiries;
  spam = () => this.#data.spam;
  alerts = () => this.#data.alerts;
  capacity = async () => ({ enquiries: this.#data.enquiries.length, limit: CAPACITY });
  countNewBefore = async (cutoff: Date) => this.#newBefore(cutoff).length;
  alertSummary = async () => summarizeAlerts([...this.#data.alerts, ...this.#data.operatorAlerts]);
  deploymentSecret = async () => this.secret;
  writable = async () => this.adapter.writable;
  heldUsage = async () => ({
    records: this.#data.spam.length,
    bytes: this.#data.spam.reduce((sum, record) => sum + heldBytesOf(record), 0),
  });
  deleteByEmail = (email: string) =>
    this.#deleteEnquiriesWhere(
      (record) => sameEmail(record.email, email),
      (message) => sentFrom(message, email),
    );
  records = async () => ({ enquiries: [...this.#data.enquiries], spam: [...this.#data.spam], alerts: [...this.#data.alerts] });

  get = async <Name extends KeyedCollection>(collection: Name, id: string) =>
    (this.#byId(collection, id) ?? null) as KeyedRecords[Name] | null;
  find = async <Name extends keyof FoundRecords>(collection: Name, where: Findable<Name> = {}) => {
    // A write under the key still on its way counts once it is on disk; one the disk refused never does.
    const key = (where as { idempotencyKey?: string }).idempotencyKey;
    if (key !== undefined) await this.#pending.get(key)?.catch(() => {});
    return this.#where(collection, where);
  };

  /** The records of `collection` that `where` matches, oldest first: enquiries and held records through their indexes. */
  #where<Name extends keyof FoundRecords>(collection: Name, where: Findable<Name>): FoundRecords[Name][] {
    const [field, value] = (Object.entries(where)[0] ?? []) as [string?, string?];
    if (field !== undefined && (collection === 'enquiries' || collection === 'spam')) {
      const index = this.#indexes[collection as 'enquiries'];
      const keyed = field === 'idempotencyKey' ? this.#byKey.get(value!) : undefined;
      const found = field === 'reference' ? index.withReference(value!) : [index.get(field === 'id' ? value! : (keyed?.id ?? ''))];
      if (['reference', 'id', 'idempotencyKey'].includes(field)) return found.filter((record) => record !== undefined) as never;
    }
    return (this.#data[collection] as FoundRecords[Name][]).filter(matching(collection, field, value));
  }

  /**
   * Runs each transaction's work after the one before it has made its
   * changes in memory, and writes them as one journal line; the next one
   * starts while the line is on its way, so that transactions at one moment
   * share one disk write. Its writes are kept aside (its reads see them) and
   * made in memory in the step that hands their line to the journal: a
   * document written meanwhile (a fold, a deletion) never holds half of one,
   * or one that gave up.
   */
  atomically<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const made = this.#lastTransaction.then(async () => {
      const pending: JournalEntry[] = [];
      /** How many of the oldest audit entries the transaction cuts (cutAudit): a compaction, once its line is written. */
      let auditCut = 0;
      const queued: (AlertRecord | OperatorAlertRecord)[] = [];
      /** The collection's records as this transaction sees them: the store's, then its own writes. */
      const seen = <Record extends { id: string }>(collection: CollectionName, records: readonly Record[]): Record[] =>
        pending.reduce<Record[]>(
          (result, entry) => {
            if (entry.collection !== collection) return result;
            const id = entry.op === 'delete' ? entry.id : (entry.record as { id?: string }).id;
            // An audit entry has no id: it is only ever added.
            const others = id === undefined ? result : result.filter((record) => record.id !== id);
            return entry.op === 'delete' ? others : [...others, entry.record as unknown as Record];
          },
          [...records],
        );
      const tx: Transaction = {
        get: async (collection, id) =>
          (seen(
            collection,
            [this.#byId(collection, id)].filter((record) => record !== undefined),
          ).find((record) => record.id === id) ?? null) as never,
        find: async (collection, where = {}) => {
          const [field, value] = (Object.entries(where)[0] ?? []) as [string?, string?];
          return seen(collection, this.#where(collection, where) as { id: string }[]).filter(matching(collection, field, value)) as never;
        },
        put: async (collection, record) => void pending.push(change('put', collection, record as never)),
        async delete(collection, id) {
          if ((await tx.get(collection, id)) === null) return false;
          pending.push(deletion(collection, { id }));
          return true;
        },
        lock: async () => {}, // every transaction holds the single writer
        auditKey: this.options.auditKey ?? null,
        auditChainHead: async () => {
          let head = this.#data.audit.at(-1) ?? null;
          for (const entry of pending) if (entry.collection === 'audit' && entry.op !== 'delete') head = entry.record;
          return head;
        },
        addAudit: async (record) => void pending.push(change('add', 'audit', record)),
        cutAudit: async (cutoff) => {
          const [audit, before] = [this.#data.audit, cutoff.toISOString()];
          auditCut = audit.findIndex((entry) => entry.at >= before);
          if (auditCut === -1) auditCut = audit.length;
          return { count: auditCut, firstKept: audit[auditCut]?.seq ?? null };
        },
        unremindedNew: async (since, cutoff) => {
          const alerts = seen('alerts', this.#data.alerts);
          const reminded = new Set(alerts.filter((alert) => alert.kind === 'reminder').map((alert) => alert.enquiryId));
          return this.#newBefore(cutoff, since)
            .filter((record) => !reminded.has(record.id))
            .map((record) => record.id);
        },
        acknowledgement: async (enquiry, now, limits) => {
          const { alerts, tallies } = this.#acknowledgement(enquiry, now.toISOString(), limits);
          pending.push(...tallies);
          return alerts;
        },
        queueAlerts: async (alerts) => {
          for (const alert of alerts) pending.push(change('add', isOperatorAlert(alert) ? 'operatorAlerts' : 'alerts', alert));
          queued.push(...alerts);
        },
      };
      const result = await work(tx);
      const changed = pending.length === 0 ? Promise.resolve() : this.#change(pending);
      // Cut in memory with the line's changes, so that a later cut counts from here; what it cut
      // leaves the disk with the compaction once the line is written.
      this.#data.audit.splice(0, auditCut);
      const written = auditCut === 0 ? changed : changed.then(() => this.#compact({}));
      return { result, written: written.then(() => this.#queued(queued)) };
    });
    this.#lastTransaction = made.catch(() => {});
    return made.then(async ({ result, written }) => {
      await written;
      return result;
    });
  }

  async submitEnquiry(submission: ContactSubmission, idempotencyKey?: string, options: SubmitOptions = {}): Promise<SubmitResult> {
    const fingerprint = fingerprintOf(submission);
    const existing = idempotencyKey === undefined ? undefined : this.#byKey.get(idempotencyKey);
    if (existing) {
      if (existing.fingerprint !== fingerprint) return { outcome: 'conflict' };
      await this.#pending.get(idempotencyKey!);
      return { outcome: 'replayed', record: existing };
    }

    const now = new Date();
    const { dailyCeiling = 0, mayHold = true, clientKeys = [] } = options;
    const holdFor = options.holdFor ?? (dailyCeiling > 0 && this.#acceptedOn(utcDay(now)) >= dailyCeiling ? 'daily-ceiling' : undefined);
    const alertChannels = this.options.alertChannels ?? [];
    const id = this.#unreferencedId();
    const { record, isSpam, alerts } = newRecordsFor(submission, { fingerprint, idempotencyKey, alertChannels, now, holdFor, id });
    if (isSpam && !mayHold) throw new NoRoomToHoldError(reasonOf(record as SpamRecord));
    const limits = { clientKeys, perDay: acknowledgementsPerDay(dailyCeiling) };
    const acknowledgement = isSpam ? NOT_ACKNOWLEDGED : this.#acknowledgement(record, record.createdAt, limits);
    alerts.push(...acknowledgement.alerts);
    const written = this.#change([
      change('add', isSpam ? 'spam' : 'enquiries', record),
      ...alerts.map((alert) => change('add', 'alerts', alert)),
      ...acknowledgement.tallies,
    ]);
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
    this.#queued(alerts);
    return { outcome: 'created', record };
  }

  deleteOlderThan(cutoff: Date) {
    const before = cutoff.toISOString();
    return this.#deleteEnquiriesWhere((record) => record.createdAt < before);
  }

  /** Removes matching enquiries and spam, the enquiries' alerts, notes and messages, and the messages `alsoMessages` matches. */
  async #deleteEnquiriesWhere(
    matching: (record: EnquiryRecord | SpamRecord) => boolean,
    alsoMessages: (message: MessageRecord) => boolean = () => false,
  ) {
    const { enquiries, spam, alerts, notes, messages } = this.#data;
    const keptEnquiries = enquiries.filter((record) => !matching(record));
    const keptSpam = spam.filter((record) => !matching(record));
    const removed = { enquiries: enquiries.length - keptEnquiries.length, spam: spam.length - keptSpam.length };
    const keptIds = new Set(keptEnquiries.map((record) => record.id));
    const kept = ({ enquiryId }: { enquiryId: string }) => keptIds.has(enquiryId);
    const keptMessages = messages.filter((message) => kept(message) && !alsoMessages(message));
    if (removed.enquiries + removed.spam === 0 && keptMessages.length === messages.length) return removed;
    await this.#compact({
      enquiries: keptEnquiries,
      spam: keptSpam,
      alerts: alerts.filter(kept),
      notes: notes.filter(kept),
      messages: keptMessages,
    });
    return removed;
  }

  /** Replaces whole collections, then writes a new document and journal: what they lost is gone from disk, not only hidden. */
  async #compact(kept: Partial<StoreData>): Promise<void> {
    Object.assign(this.#data, kept);
    const alertIds = new Set(this.#data.alerts.map((alert) => alert.id));
    for (const id of this.#pendingAlerts.keys()) if (!alertIds.has(id)) this.#pendingAlerts.delete(id);
    this.#indexKeys();
    this.#indexAcknowledgements();
    await this.db.write();
  }

  async listEnquiries(query: EnquiryQuery) {
    const needle = query.search?.toLowerCase();
    // Nearly in order already (oldest first): the sort is about one pass.
    const found = this.#data.enquiries.filter((record) => matches(record, query, needle)).sort(newestFirst);
    const { after, limit } = query;
    const rest = after ? found.filter((record) => newestFirst(record, after) > 0) : found;
    return { enquiries: rest.slice(0, limit), more: rest.length > limit, total: found.length };
  }

  // Each change reads what it changes without an await before it writes, so that no other change comes between.
  #byId<Name extends KeyedCollection>(collection: Name, id: string): StoreData[Name][number] | undefined {
    if (collection === 'enquiries' || collection === 'spam') return this.#indexes[collection as 'enquiries'].get(id) as never;
    return (this.#data[collection] as StoreData[Name][number][]).findLast((record) => record.id === id);
  }

  /** Enquiries still New that came before `cutoff` (and from `since`, when given). */
  #newBefore(cutoff: Date, since?: Date): EnquiryRecord[] {
    const [from, before] = [since?.toISOString() ?? '', cutoff.toISOString()];
    return this.#data.enquiries.filter((record) => record.createdAt >= from && record.createdAt < before && statusOf(record) === 'new');
  }

  async recordsByEmail(email: string) {
    const { enquiries, spam, alerts, notes, messages } = this.#data;
    const found = enquiries.filter((record) => sameEmail(record.email, email));
    const ids = new Set(found.map((record) => record.id));
    return {
      enquiries: found,
      spam: spam.filter((record) => sameEmail(record.email, email)),
      alerts: alerts.filter((alert) => ids.has(alert.enquiryId)),
      notes: notes.filter((note) => ids.has(note.enquiryId)),
      messages: messages.filter((message) => ids.has(message.enquiryId) || sentFrom(message, email)),
    };
  }

  async claimDueAlerts(now: Date, startedAt: Date, limit: number): Promise<ClaimedAlert[]> {
    // The map keeps the order alerts were queued in, which is their enquiries' order:
    // stopping at `limit` keeps a long queue cheap to serve.
    const due: ClaimedAlert[] = [];
    const taken = (alert: AlertRecord | OperatorAlertRecord) => !this.#claimed.has(alert.id) && isDue(alert, now, startedAt);
    for (const alert of this.#pendingAlerts.values()) {
      if (due.length >= limit) break;
      if (taken(alert)) due.push({ alert, enquiry: this.#byId('enquiries', alert.enquiryId) ?? null });
    }
    for (const alert of this.#data.operatorAlerts) {
      if (due.length >= limit) break;
      if (taken(alert)) due.push({ alert, enquiry: null });
    }
    for (const { alert } of due) this.#claimed.add(alert.id);
    return due;
  }

  async recordAlert(alert: AlertRecord | OperatorAlertRecord) {
    try {
      const entry = isOperatorAlert(alert) ? change('put', 'operatorAlerts', alert) : change('put', 'alerts', alert);
      if (!isOperatorAlert(alert)) {
        if (!this.#pendingAlerts.has(alert.id)) return; // its enquiry was deleted meanwhile
        if (alert.status === 'pending') this.#pendingAlerts.set(alert.id, alert);
        else this.#pendingAlerts.delete(alert.id);
      }
      // Memory first, and kept if the line does not reach the disk: the attempt was made,
      // and the recovery writes memory out whole.
      applyEntry(this.#data, entry);
      await this.adapter.append([entry]);
    } finally {
      this.#claimed.delete(alert.id);
    }
  }

  async retryFailedAlerts(now: Date) {
    const retried = this.#data.alerts.filter((alert) => alert.status === 'failed').map((alert) => retriedAlert(alert, now));
    const operator = this.#data.operatorAlerts.filter((alert) => alert.status === 'failed').map((alert) => retriedAlert(alert, now));
    if (retried.length + operator.length > 0)
      await this.#change([
        ...retried.map((alert) => change('put', 'alerts', alert)),
        ...operator.map((alert) => change('put', 'operatorAlerts', alert)),
      ]);
    this.#queued(retried);
    if (operator.length > 0) for (const listener of this.#alertListeners) listener();
    return retried.length + operator.length;
  }

  async nextAlertDueAt() {
    let earliest: string | null = null;
    const operatorPending = this.#data.operatorAlerts.filter((alert) => alert.status === 'pending');
    for (const alert of [...this.#pendingAlerts.values(), ...operatorPending]) {
      if (this.#claimed.has(alert.id) || alert.nextAttemptAt === null) continue;
      if (earliest === null || alert.nextAttemptAt < earliest) earliest = alert.nextAttemptAt;
    }
    return earliest === null ? null : new Date(earliest);
  }

  onAlertsAdded(listener: () => void): () => void {
    this.#alertListeners.add(listener);
    return () => this.#alertListeners.delete(listener);
  }

  close(): Promise<void> {
    clearInterval(this.#dailyTimer);
    this.#closing ??= (async () => {
      try {
        await this.#writeTallies();
        await this.adapter.close();
      } finally {
        await this.releaseLock();
      }
    })();
    return this.#closing;
  }

  async deleteHeldBefore(cutoff: Date) {
    const { spam, tallies, operatorAlerts } = this.#data;
    const [before, beforeDay] = [cutoff.toISOString(), utcDay(cutoff)];
    const keptSpam = spam.filter((record) => record.createdAt >= before);
    const keptTallies = tallies.filter((tally) => tally.day >= beforeDay);
    // Operator alerts are about what was held: they go with it, once no longer pending.
    const keptAlerts = operatorAlerts.filter((alert) => alert.createdAt >= before || alert.status === 'pending');
    if (keptSpam.length < spam.length || keptTallies.length < tallies.length || keptAlerts.length < operatorAlerts.length)
      await this.#compact({ spam: keptSpam, tallies: keptTallies, operatorAlerts: keptAlerts });
    return spam.length - keptSpam.length;
  }

  async tally(name: TallyName, now: Date, example?: string) {
    const record = countedOnce(this.#tallyOf(utcDay(now), name), example, TALLY_EXAMPLES);
    applyEntry(this.#data, change('put', 'tallies', record));
    this.#unwrittenTallies.add(record.id);
    this.#tallyTimer ??= setTimeout(() => void this.#writeTallies().catch(() => {}), TALLY_WRITE_MS).unref();
  }

  #tallyOf(day: string, name: TallyName): TallyRecord {
    const id = tallyId(day, name);
    return this.#data.tallies.findLast((tally) => tally.id === id) ?? { id, day, name, count: 0, examples: [] };
  }

  /** Writes the tallies counted since the last write; if the disk refuses, they stay in memory, which the recovery writes out. */
  async #writeTallies(): Promise<void> {
    clearTimeout(this.#tallyTimer);
    this.#tallyTimer = undefined;
    const records = this.#data.tallies.filter((tally) => this.#unwrittenTallies.has(tally.id));
    this.#unwrittenTallies.clear();
    if (records.length > 0) await this.adapter.append(records.map((record) => change('put', 'tallies', record)));
  }

  /** Enquiries accepted on a UTC day: they sit in time order, so counted from the end. */
  #acceptedOn(day: string): number {
    const { enquiries } = this.#data;
    let count = 0;
    while (count < enquiries.length && enquiries[enquiries.length - 1 - count]!.createdAt >= day) count += 1;
    return count;
  }

  /**
   * Makes the changes in memory and writes them as one journal line. If the
   * line does not reach the disk they are taken back out, so that a later
   * fold cannot store what was refused.
   */
  #change(entries: readonly JournalEntry[]): Promise<void> {
    const undo = entries.map((entry) => applyEntry(this.#data, entry));
    for (const entry of entries) this.#indexed(entry);
    return this.#append(entries, undo);
  }

  /** Keeps the indexes of enquiries and held records (by id, reference and idempotency key) as a change leaves them. */
  #indexed(entry: JournalEntry): void {
    if (entry.collection !== 'enquiries' && entry.collection !== 'spam') return;
    const index = this.#indexes[entry.collection] as RecordIndex<EnquiryRecord | SpamRecord>;
    if (entry.op !== 'delete') {
      const record = entry.record as EnquiryRecord | SpamRecord;
      index.set(record);
      this.#references.add(referencePrefix(record.id));
      if (record.idempotencyKey !== null) this.#byKey.set(record.idempotencyKey, record);
      return;
    }
    const old = index.get(entry.id);
    index.delete(entry.id);
    if (old?.idempotencyKey != null && this.#byKey.get(old.idempotencyKey)?.id === old.id) this.#byKey.delete(old.idempotencyKey);
  }

  /** Writes changes made in memory as one journal line; takes them back out (`undo`) if it does not reach the disk. */
  async #append(entries: readonly JournalEntry[], undo: (() => void)[]): Promise<void> {
    try {
      await this.adapter.append(entries);
    } catch (error) {
      for (const step of undo.reverse()) step();
      this.#indexKeys();
      // An acknowledgement taken back out gives its address back.
      if (entries.some((entry) => entry.op === 'add' && entry.collection === 'alerts')) this.#indexAcknowledgements();
      throw error;
    }
  }

  /** Alerts now on disk: a sender may take them (an operator alert, found among them all). */
  #queued(alerts: readonly (AlertRecord | OperatorAlertRecord)[]): void {
    if (alerts.length === 0) return;
    for (const alert of alerts) if (!isOperatorAlert(alert)) this.#pendingAlerts.set(alert.id, alert);
    for (const listener of this.#alertListeners) listener();
  }

  #indexKeys(): void {
    this.#indexes.enquiries.rebuild(this.#data.enquiries);
    this.#indexes.spam.rebuild(this.#data.spam);
    this.#byKey.clear();
    this.#references.clear();
    for (const record of [...this.#data.enquiries, ...this.#data.spam]) {
      if (record.idempotencyKey !== null) this.#byKey.set(record.idempotencyKey, record);
      this.#references.add(referencePrefix(record.id));
    }
    // A deleted enquiry's reference stays taken while the audit log names it (as PostgreSQL's enquiry_references
    // keeps every one): a new enquiry under it would show the old one's history on its page.
    for (const { reference } of this.#data.audit) {
      const prefix = reference === null ? null : referencedIdPrefix(reference);
      if (prefix !== null) this.#references.add(prefix);
    }
  }

  /**
   * An id whose reference no stored record has, taken at once (before any
   * await: this store is the data's one writer). One that is not written in
   * the end keeps its reference taken until the next compaction: harmless.
   */
  #unreferencedId(): string {
    const newId = this.options.newId ?? randomUUID;
    let id = newId();
    while (this.#references.has(referencePrefix(id))) id = newId();
    this.#references.add(referencePrefix(id));
    return id;
  }

  /** At start and daily: the acknowledgements within their interval, and from 80% of the capacity its warning. */
  #daily(): void {
    this.#indexAcknowledgements();
    const capacity = { enquiries: this.#data.enquiries.length, limit: CAPACITY };
    const warning = capacityWarning(capacity);
    if (warning !== null) (this.options.log ?? silentLog)({ level: 'warn', msg: warning, capacity: describeCapacity(capacity) });
  }

  /**
   * An acknowledgement for `record`, when this store sends them and no limit
   * (alerts/acknowledgement-limits.ts) stops it; else the tally of the limit
   * that did, to write with the record. It counts at once, before any await,
   * so that a second enquiry arriving while this one is written sees it.
   */
  #acknowledgement(record: EnquiryRecord, queuedAt: string, limits: AcknowledgementLimits): Acknowledgement {
    if (!this.options.acknowledge) return NOT_ACKNOWLEDGED;
    const mailbox = mailboxOf(record.email);
    const [since, today] = [Date.parse(queuedAt) - ACKNOWLEDGEMENT_INTERVAL_MS, utcDay(new Date(queuedAt))];
    const recent = this.#acknowledged.filter((entry) => Date.parse(entry.at) > since);
    const ofToday = recent.filter((entry) => entry.at >= today);
    const skipped = skipReason(
      {
        mailboxAcknowledged: recent.some((entry) => entry.mailbox === mailbox),
        perClientKey: limits.clientKeys.map((key) => ofToday.filter((entry) => entry.clientKeys.includes(key)).length),
        today: ofToday.length,
      },
      limits,
    );
    if (skipped !== null) {
      const tally = countedOnce(this.#tallyOf(today, skipped), undefined, 0);
      this.#unwrittenTallies.delete(tally.id); // written with the record
      return { alerts: [], tallies: [change('put', 'tallies', tally)] };
    }
    const alert = newAcknowledgement(record, queuedAt);
    this.#acknowledged.push({ alertId: alert.id, at: queuedAt, mailbox, clientKeys: limits.clientKeys });
    return { alerts: [alert], tallies: [] };
  }

  /** The acknowledgements within the interval, from those in memory (oldest first) and their enquiries; the client keys from before. */
  #indexAcknowledgements(): void {
    const clientKeysOf = new Map(this.#acknowledged.map((entry) => [entry.alertId, entry.clientKeys]));
    const since = new Date(Date.now() - ACKNOWLEDGEMENT_INTERVAL_MS).toISOString();
    this.#acknowledged = [];
    for (const alert of this.#data.alerts) {
      if (alert.kind !== 'acknowledgement' || alert.createdAt <= since) continue;
      const enquiry = this.#byId('enquiries', alert.enquiryId);
      if (enquiry === undefined) continue;
      const clientKeys = clientKeysOf.get(alert.id) ?? [];
      this.#acknowledged.push({ alertId: alert.id, at: alert.createdAt, mailbox: mailboxOf(enquiry.email), clientKeys });
    }
  }
}

/**
 * Opens (and creates) the store at `dbFile`: takes the lock, reads and checks
 * the files, folds the journal in. Throws LockHeldError, or StoreFileError
 * for a file it cannot use, which it then leaves exactly as it found it.
 */
export async function openFileStore(dbFile: string, options: OpenFileStoreOptions = {}): Promise<FileStore> {
  await mkdir(path.dirname(dbFile), { recursive: true });
  const releaseLock = await lockStore(dbFile, { onLost: options.onLockLost });
  const adapter = new StoreAdapter(storeFilesFor(dbFile), options.log, options.fold);
  try {
    const db = new Low<StoreData>(adapter, emptyStoreData());
    await db.read();
    // Before the adapter opens (which may rewrite the files): a malformed secret leaves them as they were.
    const secret = await readOrCreateSecret(deploymentSecretFile(dbFile));
    await adapter.open(db.data);
    return new LowStore(db, adapter, releaseLock, secret, options);
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
