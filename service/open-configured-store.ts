/**
 * The store the configuration asks for: PostgreSQL when DATABASE_URL is set
 * (several instances, or a platform without a disk), else the lowdb files at
 * DB_FILE. What else depends on that choice comes with it: where the rate
 * limit counts, and how often the alert sender looks for other instances' alerts.
 */
import type pg from 'pg';
import type { Config } from './config';
import type { AlertChannel } from './records';
import type { Log } from './log';
import { openFileStore } from './db/file-store';
import type { Store } from './store-interface';

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
  log: Log;
  /** The lowdb files' lock was taken over by another process (PostgreSQL needs no lock). */
  onLockLost: (message: string) => void;
}

export async function openConfiguredStore(
  config: Pick<Config, 'dbFile' | 'databaseUrl'>,
  { alertChannels, log, onLockLost }: OpenConfiguredStoreOptions,
): Promise<ConfiguredStore> {
  if (config.databaseUrl === null) {
    return { store: await openFileStore(config.dbFile, { alertChannels, log, onLockLost }), location: config.dbFile };
  }
  // Loaded only here: the PostgreSQL client takes some 40 ms to load, which a start on files need not wait for.
  const { describeDatabase, openPostgresStore } = await import('./db/postgres/postgres-store');
  const store = await openPostgresStore(config.databaseUrl, { alertChannels, log });
  return {
    store,
    location: describeDatabase(config.databaseUrl),
    rateLimitPool: store.pool,
    alertPollMs: SHARED_STORE_ALERT_POLL_MS,
  };
}
