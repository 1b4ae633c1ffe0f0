/**
 * How the enquiries CLI reaches the service's store, whichever it is. The
 * lowdb files are read without their lock (the service may be running) and
 * changed only under it; PostgreSQL is read and changed at any time, as every
 * instance does.
 */
import type { AlertChannel } from '../records';
import { describeDatabase, openPostgresStore } from '../db/postgres/postgres-store';
import { openFileStore, readFileStore } from '../db/file-store';
import type { Store, StoreRecords } from '../store-interface';

export interface StoreLocation {
  dbFile: string;
  /** Set: the store is this PostgreSQL database, and dbFile is not used. */
  databaseUrl: string | null;
}

/** The store's name in sentences: the file, or the database without its password. */
export function describeLocation({ dbFile, databaseUrl }: StoreLocation): string {
  return databaseUrl === null ? dbFile : describeDatabase(databaseUrl);
}

/** Everything stored, oldest first; `found` is false for a lowdb store that does not exist yet. */
export async function readRecords(location: StoreLocation): Promise<StoreRecords & { found: boolean }> {
  if (location.databaseUrl === null) {
    const { data, found } = await readFileStore(location.dbFile);
    return { enquiries: data.enquiries, spam: data.spam, alerts: data.alerts, found };
  }
  const store = await openPostgresStore(location.databaseUrl);
  try {
    return { ...(await store.records()), found: true };
  } finally {
    await store.close();
  }
}

/** The store, to change it; the lowdb one throws LockHeldError while the service holds it. */
export function openForChange(location: StoreLocation, alertChannels: readonly AlertChannel[] = []): Promise<Store> {
  return location.databaseUrl === null
    ? openFileStore(location.dbFile, { alertChannels })
    : openPostgresStore(location.databaseUrl, { alertChannels });
}
