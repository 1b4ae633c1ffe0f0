/**
 * What a service test file sets up before each test and takes down after it,
 * registered once by a call at the top of the file: a temp folder, a built
 * site and a file store in it, the alert receivers and the outbox. Vitest runs after-hooks
 * in reverse order, so a file's own after-hook (closing its server) runs
 * before these close the store and remove the folder.
 */
import path from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';
import { startAlertDispatcher, type AlertDispatcher } from '../alerts/alert-dispatcher';
import type { RetryPolicy } from '../alerts/alert-records';
import { createOutboxSenders } from '../alerts/alert-senders';
import type { AlertConfig } from '../config';
import { openFileStore, type FileStore, type OpenFileStoreOptions } from '../db/file-store';
import { silentLog, type Log } from '../log';
import type { Store } from '../store-interface';
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

export interface Outbox extends AlertReceivers {
  /** Starts the outbox's dispatcher on `store`, as the service runs it beside each instance, sending to the receivers; stopped after the test if not before. */
  dispatchFrom(store: Store, log?: Log): AlertDispatcher;
}

/** Short waits, so that the outbox's retry shows within a test; a window long enough for any day a test's clock sets. */
const FAST_RETRY: RetryPolicy = { firstDelayMs: 100, maxDelayMs: 400, windowMs: 7 * 24 * 60 * 60 * 1000 };

/** The alert receivers and the dispatchers a test starts, stopped after it (the page clock, if faked, given back first). */
export function useOutbox(): Outbox {
  const receivers = useAlertReceivers();
  let dispatchers: AlertDispatcher[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(dispatchers.map((dispatcher) => dispatcher.stop()));
    dispatchers = [];
  });
  return Object.assign(Object.create(receivers) as AlertReceivers, {
    dispatchFrom(store: Store, log: Log = silentLog) {
      const senders = createOutboxSenders(receivers.config());
      const dispatcher = startAlertDispatcher({ store, senders, log, retry: FAST_RETRY });
      dispatchers.push(dispatcher);
      return dispatcher;
    },
  });
}
