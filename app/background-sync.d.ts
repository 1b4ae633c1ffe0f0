/** Background Sync is missing from TypeScript's DOM lib (Chromium-only API). */
interface SyncManager {
  register(tag: string): Promise<void>;
  getTags(): Promise<string[]>;
}

// eslint-disable-next-line no-var -- a global constructor is declared with var
declare var SyncManager: { prototype: SyncManager };

interface ServiceWorkerRegistration {
  readonly sync: SyncManager;
}
