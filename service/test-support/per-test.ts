/**
 * What a service test file sets up before each test and takes down after it,
 * registered once by a call at the top of the file: a temp folder, a built
 * site and a file store in it, the alert receivers. Vitest runs after-hooks
 * in reverse order, so a file's own after-hook (closing its server) runs
 * before these close the store and remove the folder.
 */
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openFileStore, type FileStore, type OpenFileStoreOptions } from '../db/file-store';
import { startSmtpReceiver, startWebhookReceiver, type SmtpReceiver, type WebhookReceiver } from './alert-receivers';
import { makeSiteFixture, makeTempDir } from './fixtures';

export interface TempFolder {
  readonly dir: string;
  /** DB_FILE in the folder, where the service keeps it: data/db.json. */
  readonly dbFile: string;
}

export interface Site extends TempFolder {
  /** A built site as Vite leaves it (makeSiteFixture). */
  readonly distDir: string;
}

export interface SiteAndStore extends Site {
  /** A file store on `dbFile`, open during the test. */
  readonly store: FileStore;
  /** Closes the store and opens `dbFile` again, as a restarted service does (with other options if given). */
  reopen(options?: OpenFileStoreOptions): Promise<FileStore>;
}

export interface AlertReceivers {
  readonly smtp: SmtpReceiver;
  readonly webhook: WebhookReceiver;
}

/** Reads a value the before-hook sets: used outside a test, it says so. */
function during<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} exists only during a test`);
  return value;
}

/** A new temp folder for each test, removed after it. */
export function useTempFolder(): TempFolder {
  let temp: Awaited<ReturnType<typeof makeTempDir>> | undefined;
  beforeEach(async () => {
    temp = await makeTempDir();
  });
  afterEach(async () => {
    await temp?.remove();
    temp = undefined;
  });
  return {
    get dir() {
      return during(temp, 'the temp folder').dir;
    },
    get dbFile() {
      return path.join(this.dir, 'data', 'db.json');
    },
  };
}

/** A temp folder with a built site in it, for each test. */
export function useSite(): Site {
  const temp = useTempFolder();
  let distDir: string | undefined;
  beforeEach(async () => {
    distDir = await makeSiteFixture(temp.dir);
  });
  return {
    get dir() {
      return temp.dir;
    },
    get dbFile() {
      return temp.dbFile;
    },
    get distDir() {
      return during(distDir, 'the site');
    },
  };
}

/** A temp folder with a built site and a file store opened with `options`, closed after each test. */
export function useSiteAndStore(options: OpenFileStoreOptions = {}): SiteAndStore {
  const site = useSite();
  let store: FileStore | undefined;
  beforeEach(async () => {
    store = await openFileStore(site.dbFile, options);
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });
  return {
    get dir() {
      return site.dir;
    },
    get dbFile() {
      return site.dbFile;
    },
    get distDir() {
      return site.distDir;
    },
    get store() {
      return during(store, 'the store');
    },
    async reopen(reopened = options) {
      await during(store, 'the store').close();
      store = await openFileStore(site.dbFile, reopened);
      return store;
    },
  };
}

/** A real SMTP server and webhook receiver for each test, stopped after it. */
export function useAlertReceivers(): AlertReceivers {
  let receivers: AlertReceivers | undefined;
  beforeEach(async () => {
    receivers = { smtp: await startSmtpReceiver(), webhook: await startWebhookReceiver() };
  });
  afterEach(async () => {
    await receivers?.smtp.stop();
    await receivers?.webhook.stop();
    receivers = undefined;
  });
  return {
    get smtp() {
      return during(receivers, 'the SMTP receiver').smtp;
    },
    get webhook() {
      return during(receivers, 'the webhook receiver').webhook;
    },
  };
}
