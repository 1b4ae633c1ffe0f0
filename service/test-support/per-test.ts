/**
 * What a service test file sets up before each test and takes down after it,
 * registered once by a call at the top of the file: a temp folder, a built
 * site and a file store in it, the alert receivers. Vitest runs after-hooks
 * in reverse order, so a file's own after-hook (closing its server) runs
 * before these close the store and remove the folder.
 */
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { AlertConfig } from '../config';
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
  /** ALERT_* settings that send e-mail and webhook alerts to these receivers. */
  config(): AlertConfig;
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
  // The folder's own getters are inherited: `site.dir` is the temp folder's.
  return Object.create(temp, { distDir: { get: () => during(distDir, 'the site') } }) as Site;
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
  const reopen = async (reopened = options) => {
    await during(store, 'the store').close();
    store = await openFileStore(site.dbFile, reopened);
    return store;
  };
  return Object.create(site, { store: { get: () => during(store, 'the store') }, reopen: { value: reopen } }) as SiteAndStore;
}

/** A real SMTP server and webhook receiver for each test, stopped after it. */
export function useAlertReceivers(): AlertReceivers {
  let receivers: { smtp: SmtpReceiver; webhook: WebhookReceiver } | undefined;
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
    config() {
      return {
        email: { smtpUrl: this.smtp.url, to: ['advisers@teratai-wealth.example'], from: 'alerts@teratai-wealth.example' },
        webhook: { url: this.webhook.url, secret: 'x'.repeat(32) },
        timeZone: 'Asia/Kuala_Lumpur',
      };
    },
  };
}
