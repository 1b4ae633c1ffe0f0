/**
 * The two stores the contract suites run every rule against: the lowdb files
 * in a temp folder, and a real PostgreSQL server started for the test file.
 * Every Store a test opens is closed after it.
 */
import path from 'node:path';
import { afterEach, vi } from 'vitest';
import { openFileStore } from '../db/file-store';
import { openPostgresStore } from '../db/postgres/postgres-store';
import type { AlertChannel } from '../records';
import type { Store } from '../store-interface';
import { makeTempDir } from './fixtures';
import { usePostgresPerFile } from './postgres-per-file';

export interface OpenOptions {
  alertChannels?: readonly AlertChannel[];
  acknowledge?: boolean;
  /** Where new records' ids come from: a test's ids whose references collide. */
  newId?: () => string;
}

/** One store's data: each open() is another Store on it (for lowdb, open one at a time). */
export interface StoreData {
  open(options?: OpenOptions): Promise<Store>;
  /** Closes a Store before the test ends (a restart). */
  close(store: Store): Promise<void>;
}

export interface Backend {
  name: string;
  /** Several Store objects (instances) may use the data at once. */
  shared: boolean;
  /** Fresh, empty data. */
  fresh(): Promise<StoreData>;
  /** The store, and a second one on the same data: another instance where `shared`, else the same object. */
  openPair(options?: OpenOptions): Promise<[Store, Store]>;
}

/** Call at the top of a test file: registers the PostgreSQL server and the clean-up. */
export function useStoreBackends(): Backend[] {
  const postgres = usePostgresPerFile();
  const opened = new Set<Store>();
  let cleanups: (() => Promise<void>)[] = [];

  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all([...opened].map((store) => store.close()));
    opened.clear();
    for (const cleanup of cleanups) await cleanup();
    cleanups = [];
  });

  const tracked = (open: (options: OpenOptions) => Promise<Store>): StoreData => ({
    async open(options = {}) {
      const store = await open(options);
      opened.add(store);
      return store;
    },
    async close(store) {
      opened.delete(store);
      await store.close();
    },
  });

  const backend = (name: string, shared: boolean, fresh: () => Promise<StoreData>): Backend => ({
    name,
    shared,
    fresh,
    async openPair(options) {
      const data = await fresh();
      const first = await data.open(options);
      return [first, shared ? await data.open(options) : first];
    },
  });

  return [
    backend('lowdb', false, async () => {
      const temp = await makeTempDir();
      cleanups.push(temp.remove);
      const dbFile = path.join(temp.dir, 'data', 'db.json');
      return tracked((options) => openFileStore(dbFile, options));
    }),
    backend('PostgreSQL', true, async () => {
      const url = await postgres().createDatabase();
      return tracked((options) => openPostgresStore(url, options));
    }),
  ];
}
