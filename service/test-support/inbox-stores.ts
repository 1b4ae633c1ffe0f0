/**
 * The real app on each store the contract suites use (the lowdb files, a real
 * PostgreSQL): for the inbox's tests where the store takes part in the rule.
 * On PostgreSQL the sign-in limits are counted in the database, as
 * server.ts does it.
 */
import { afterEach } from 'vitest';
import { createApp, type AppOptions } from '../app';
import { PostgresStore } from '../db/postgres/postgres-store';
import { silentLog } from '../log';
import type { Store } from '../store-interface';
import { listen, makeSiteFixture, makeTempDir, type Running } from './fixtures';
import { useStoreBackends } from './store-backends';

export interface InboxOnStore {
  store: Store;
  server: Running;
}

export interface InboxBackend {
  name: string;
  start(options?: Partial<AppOptions>): Promise<InboxOnStore>;
}

/** Call at the top of a test file. */
export function useInboxOnStores(): InboxBackend[] {
  let cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups = [];
  });
  return useStoreBackends().map((backend) => ({
    name: backend.name,
    async start(options = {}) {
      const temp = await makeTempDir();
      cleanups.push(temp.remove);
      const distDir = await makeSiteFixture(temp.dir);
      const store = await (await backend.fresh()).open();
      const app = createApp({
        store,
        distDir,
        rateLimitPerMinute: 0,
        trustProxy: false,
        rateLimitPool: store instanceof PostgresStore ? store.pool : undefined,
        timeZone: 'Asia/Kuala_Lumpur',
        log: silentLog,
        ...options,
      });
      const server = await listen(app);
      cleanups.push(server.close);
      return { store, server };
    },
  }));
}
