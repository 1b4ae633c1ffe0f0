/**
 * The store the configuration asks for: PostgreSQL when DATABASE_URL is set
 * (several instances, or a platform without a disk), else the file store at
 * DB_FILE. What else depends on that choice comes with it: where the rate
 * limit counts, and how often the alert sender looks for other instances'
 * alerts. The one place outside db/ that knows the backends: the service and
 * the enquiries CLI reach them through it. The PostgreSQL client is loaded
 * only when it is used: it takes some 40 ms to load, which a start on files
 * need not wait for.
 */
import { access } from 'node:fs/promises';
import type pg from 'pg';
import { auditKeyProblem } from './audit-chain';
import type { Config } from './config';
import type {
  AlertChannel,
  AuditRecord,
  MailboxCursorRecord,
  MessageRecord,
  OperatorAlertRecord,
  TallyRecord,
  UserRecord,
} from './records';
import type { Log } from './log';
import { openFileStore, readFileStore } from './db/file-store';
import type { StoreData } from './db/schema';
import { storeFilesFor } from './db/store-files';
import { describeDatabase } from './db/postgres/describe-database';
import type { Store, StoreRecords } from './store-interface';
import { talliesSince } from './store-rules';
import { auditLog } from './audit-append';

export { upgradeFileStore } from './db/upgrade-store';

/** Another instance's new alerts are found within this (its own are sent at once). */
const SHARED_STORE_ALERT_POLL_MS = 5_000;

export interface ConfiguredStore {
  store: Store;
  /** Where the data lives, for the start-up log: the file, or the database without its password. */
  location: string;
  /** The pool the rate limit counts in, shared with the other instances; undefined counts in memory. */
  rateLimitPool?: pg.Pool;
  /** The alert dispatcher's longest sleep; undefined keeps its default. */
  alertPollMs?: number;
}

export interface OpenConfiguredStoreOptions {
  alertChannels: readonly AlertChannel[];
  /** Queue an acknowledgement to the visitor with each accepted enquiry (ACK_EMAIL_FROM). */
  acknowledge?: boolean;
  log: Log;
  /** The file store's lock was taken over by another process (PostgreSQL needs no lock). */
  onLockLost: (message: string) => void;
}

export async function openConfiguredStore(
  config: Pick<Config, 'dbFile' | 'databaseUrl' | 'auditKey'>,
  { alertChannels, acknowledge, log, onLockLost }: OpenConfiguredStoreOptions,
): Promise<ConfiguredStore> {
  const { auditKey } = config;
  if (config.databaseUrl === null) {
    return {
      store: await openFileStore(config.dbFile, { alertChannels, acknowledge, log, onLockLost, auditKey }),
      location: config.dbFile,
    };
  }
  const { openPostgresStore } = await import('./db/postgres/postgres-store');
  const store = await openPostgresStore(config.databaseUrl, { alertChannels, acknowledge, log, auditKey });
  return {
    store,
    location: describeDatabase(config.databaseUrl),
    rateLimitPool: store.pool,
    alertPollMs: SHARED_STORE_ALERT_POLL_MS,
  };
}

/** Where the CLI finds the store: the service's settings. */
export interface StoreLocation {
  dbFile: string;
  /** Set: the store is this PostgreSQL database, and dbFile is not used. */
  databaseUrl: string | null;
  /** AUDIT_KEY, which the CLI's own audit entries are keyed with and `audit verify` checks with; absent or null: none set. */
  auditKey?: string | null;
}

/** The store's name in sentences: the file, or the database without its password. */
export function describeLocation({ dbFile, databaseUrl }: StoreLocation): string {
  return databaseUrl === null ? dbFile : describeDatabase(databaseUrl);
}

/** Whether there is a store there yet: a file store once its first start made its files; a database always. */
export async function storeExists({ dbFile, databaseUrl }: StoreLocation): Promise<boolean> {
  if (databaseUrl !== null) return true;
  const { document, journal } = storeFilesFor(dbFile);
  const exists = (file: string) =>
    access(file).then(
      () => true,
      () => false,
    );
  return (await exists(document)) || exists(journal);
}

/**
 * Everything stored, oldest first; `found` is false for a file store that does
 * not exist yet. The file store is read without its lock (the service may be
 * running); PostgreSQL is read at any time, as every instance does.
 */
export async function readRecords(location: StoreLocation): Promise<StoreRecords & { found: boolean }> {
  if (location.databaseUrl === null) {
    const { data, found } = await readFileStore(location.dbFile);
    return { enquiries: data.enquiries, spam: data.spam, alerts: data.alerts, found };
  }
  const { openPostgresStore } = await import('./db/postgres/postgres-store');
  const store = await openPostgresStore(location.databaseUrl);
  try {
    return { ...(await store.records()), found: true };
  } finally {
    await store.close();
  }
}

/** What the CLI reads besides the records: the file store without its lock, PostgreSQL as any instance does; null when there is no store yet. */
async function readStore<T>(
  location: StoreLocation,
  fromFile: (data: StoreData) => T,
  fromDatabase: (store: Store) => Promise<T>,
): Promise<T | null> {
  if (location.databaseUrl === null) {
    const { data, found } = await readFileStore(location.dbFile);
    return found ? fromFile(data) : null;
  }
  const { openPostgresStore } = await import('./db/postgres/postgres-store');
  const store = await openPostgresStore(location.databaseUrl);
  try {
    return await fromDatabase(store);
  } finally {
    await store.close();
  }
}

export function readUsers(location: StoreLocation): Promise<UserRecord[] | null> {
  return readStore(
    location,
    (data) => data.users,
    (store) => store.find('users'),
  );
}

/** Every enquiry's thread (replies, answers, hand-overs to WhatsApp), oldest first. */
export function readMessages(location: StoreLocation): Promise<MessageRecord[] | null> {
  return readStore(
    location,
    (data) => data.messages,
    (store) => store.find('messages'),
  );
}

/** The audit log, oldest first. */
export function readAuditLog(location: StoreLocation): Promise<AuditRecord[] | null> {
  return readStore(
    location,
    (data) => data.audit,
    (store) => auditLog(store),
  );
}

/** The operator alerts (alerts/operator-alerts.ts), oldest first. */
export function readOperatorAlerts(location: StoreLocation): Promise<OperatorAlertRecord[] | null> {
  return readStore(
    location,
    (data) => data.operatorAlerts,
    (store) => store.find('operatorAlerts'),
  );
}

/** Where the replies' reader is in each mailbox it read (mailbox/cursor.ts). */
export function readMailboxCursors(location: StoreLocation): Promise<MailboxCursorRecord[] | null> {
  return readStore(
    location,
    (data) => data.mailboxCursors,
    (store) => store.find('mailboxCursors'),
  );
}

/** The tallies of `sinceDay` and later, oldest first. */
export function readTallies(location: StoreLocation, sinceDay: string): Promise<TallyRecord[] | null> {
  return readStore(
    location,
    (data) => data.tallies.filter((tally) => tally.day >= sinceDay).sort((a, b) => a.id.localeCompare(b.id)),
    (store) => talliesSince(store, sinceDay),
  );
}

/**
 * The store, to change it; the file store throws LockHeldError while the service holds it.
 * `acknowledge`: a release from review queues the visitor's acknowledgement, as the service's store would.
 * Refuses (closed again) a keyed audit log when AUDIT_KEY is not set: an unkeyed entry after a keyed one would break it.
 */
export async function openForChange(
  location: StoreLocation,
  alertChannels: readonly AlertChannel[] = [],
  acknowledge = false,
): Promise<Store> {
  const auditKey = location.auditKey ?? null;
  let store: Store;
  if (location.databaseUrl === null) store = await openFileStore(location.dbFile, { alertChannels, acknowledge, auditKey });
  else {
    const { openPostgresStore } = await import('./db/postgres/postgres-store');
    store = await openPostgresStore(location.databaseUrl, { alertChannels, acknowledge, auditKey });
  }
  const problem = auditKeyProblem(await store.atomically((tx) => tx.auditChainHead()), auditKey, 'cli');
  if (problem === null) return store;
  await store.close();
  throw new Error(problem);
}

/** Copies the file store at `dbFile` into the database at `url`; null when there is no store there. */
export async function copyFileStoreInto(dbFile: string, url: string) {
  const { data, found } = await readFileStore(dbFile);
  if (!found) return null;
  const { openPostgresStore } = await import('./db/postgres/postgres-store');
  const { copyRecords } = await import('./db/postgres/copy-records');
  const store = await openPostgresStore(url);
  try {
    return { copied: await copyRecords(store, data), of: data, database: describeDatabase(url) };
  } finally {
    await store.close();
  }
}
