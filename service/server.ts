/**
 * The entry point: reads the environment, checks the built site, opens the
 * store, listens, and shuts down cleanly on SIGTERM/SIGINT. Any problem at
 * start is printed as a sentence for the operator, and the exit code is 1.
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { startAlertDispatcher, type AlertDispatcher } from './alerts/alert-dispatcher';
import { acknowledges, alertSettingsNotice, configuredChannels, createOutboxSenders } from './alerts/alert-senders';
import { createApp } from './app';
import { keyAuditLog } from './audit-key-start';
import { sealStoredTotpSecrets, withSealedTotpSecrets } from './auth/sealed-secrets-store';
import { loadConfig } from './config';
import { startControlSocket, type ControlSocket } from './control/control-socket';
import { createHttpServer } from './http-server';
import { createJsonLog, type Log } from './log';
import { startMailboxReader, type MailboxReader } from './mailbox/reader';
import { checkSiteBuilt } from './site/serve-site';
import { openConfiguredStore } from './open-configured-store';
import { startReminders } from './reminders';
import { startAuditHeadNotice } from './review/audit-head-notice';
import { startDailyDigest } from './review/daily-digest';
import { startRetention } from './retention';
import { settingsWarnings } from './settings-warnings';
import type { AlertChannel } from './records';
import { describeCapacity, type Store } from './store-interface';

/** In-flight requests get this long to finish after a signal; then their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;
const SHUTDOWN_POLL_MS = 50;
/** The name the file store's mailbox reader takes its turn under, the same at every start. */
const FILE_STORE_MAILBOX_READER = 'file-store';

function urlOf(address: AddressInfo): string {
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

interface Running {
  store: Store;
  alerts: AlertDispatcher;
  stopTimers: () => void;
  control: ControlSocket | null;
  /** The replies' reader (REPLIES_IMAP_URL), or null when none is set. */
  mailbox: MailboxReader | null;
}

function listenUntilSignal(server: http.Server, { store, alerts, stopTimers, control, mailbox }: Running, log: Log) {
  let stopping = false;
  async function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    log({ level: 'info', msg: 'stopping', signal });
    const closed = new Promise<void>((resolve) => server.close(() => resolve())); // stop accepting
    // A keep-alive connection goes idle once its answer is sent: close it then, not after its timeout.
    const closeIdle = setInterval(() => server.closeIdleConnections(), SHUTDOWN_POLL_MS);
    const cut = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await closed; // every in-flight request has been answered
    clearInterval(closeIdle);
    clearTimeout(cut);
    await control?.close(); // the CLI's commands in flight are done
    stopTimers();
    await mailbox?.stop(); // the message being stored is stored, the turn handed back
    await alerts.stop(); // the sends in flight are finished and recorded
    try {
      await store.close(); // queued writes are on disk, the lock is released
    } catch (error) {
      log({ level: 'error', msg: 'the store did not close cleanly', error: String(error) });
      process.exit(1);
    }
    log({ level: 'info', msg: 'stopped' });
    process.exit(0);
  }
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/**
 * The enquiries CLI's way to change the file store while we hold it. Without
 * it the site still serves; the CLI then says that nobody answers.
 */
async function openControlSocket(dbFile: string, store: Store, log: Log, alertChannels: AlertChannel[]): Promise<ControlSocket | null> {
  try {
    return await startControlSocket({ dbFile, store, log, alertChannels });
  } catch (error) {
    log({
      level: 'error',
      msg: 'the control socket could not be opened: the enquiries CLI cannot change the store while the service runs',
      error: String(error),
    });
    return null;
  }
}

async function main() {
  const config = loadConfig();
  await checkSiteBuilt(config.distDir);
  const log = createJsonLog({ level: config.logLevel });
  for (const { variable, message } of settingsWarnings(config)) log({ level: 'warn', msg: message, variable });
  const openStarted = performance.now();
  const opened = await openConfiguredStore(config, {
    alertChannels: configuredChannels(config.alerts),
    acknowledge: acknowledges(config.alerts),
    log,
    // Another process writes the files now: any write of ours could undo its. What we acknowledged is on disk.
    onLockLost: (message) => {
      log({ level: 'error', msg: 'store lock lost: stopping at once', detail: message });
      process.exit(1);
    },
  });
  const { location, rateLimitPool, alertPollMs } = opened;
  try {
    await keyAuditLog(opened.store, config.auditKey);
    await sealStoredTotpSecrets(opened.store, config.totpKey);
  } catch (error) {
    await opened.store.close();
    throw error;
  }
  const store = withSealedTotpSecrets(opened.store, config.totpKey);
  const storeOpenMs = Math.round(performance.now() - openStarted);
  const capacity = await store.capacity();
  const alerts = startAlertDispatcher({ store, senders: createOutboxSenders(config.alerts, store), log, idlePollMs: alertPollMs });
  const stopRetention = startRetention({ store, days: config.retentionDays, auditDays: config.auditRetentionDays, log });
  const control =
    config.databaseUrl === null ? await openControlSocket(config.dbFile, store, log, configuredChannels(config.alerts)) : null;
  const stopReminders = startReminders({
    store,
    hours: config.responseReminderHours,
    channels: configuredChannels(config.alerts),
    log,
  });
  const stopDigest = startDailyDigest({ store, alertChannels: configuredChannels(config.alerts), timeZone: config.alerts.timeZone, log });
  const stopAuditHead = startAuditHeadNotice({ store, alertChannels: configuredChannels(config.alerts), log });
  const mailbox = config.repliesImap
    ? startMailboxReader({
        settings: config.repliesImap,
        store,
        channels: configuredChannels(config.alerts),
        log,
        // The file store's single writer: every start of it is the same reader (mailbox/reader.ts).
        ...(config.databaseUrl === null && { holder: FILE_STORE_MAILBOX_READER }),
      })
    : null;
  const stopTimers = () => {
    stopRetention();
    stopReminders();
    stopDigest();
    stopAuditHead();
  };
  const app = createApp({
    store,
    distDir: config.distDir,
    rateLimitPerMinute: config.rateLimitPerMinute,
    trustProxy: config.trustProxy,
    trustedProxies: config.trustedProxies,
    trustProxyHops: config.trustProxyHops,
    rateLimitPool,
    contactChallenge: config.contactChallenge,
    challengeLifetimeMs: config.challengeLifetimeMs,
    alertChannels: configuredChannels(config.alerts),
    healthToken: config.healthToken,
    timeZone: config.alerts.timeZone,
    log,
    enquiriesPerDay: config.enquiriesPerDay,
    secretsSealed: config.totpKey !== null,
    replies: config.alerts.reply ?? null,
  });
  const server = createHttpServer(app.callback(), {
    log,
    clients: { maxConnectionsPerClient: config.maxConnectionsPerClient, trustedProxies: config.trustedProxies },
  });
  listenUntilSignal(server, { store, alerts, stopTimers, control, mailbox }, log);
  server.on('error', async (error: NodeJS.ErrnoException) => {
    await control?.close();
    stopTimers();
    await mailbox?.stop();
    await alerts.stop();
    await store.close();
    fail(error.code === 'EADDRINUSE' ? new Error(`${config.host}:${config.port} is in use: set PORT (or HOST) to a free one.`) : error);
  });
  server.listen(config.port, config.host, () => {
    const address = server.address() as AddressInfo;
    log({
      level: 'info',
      msg: 'listening',
      url: urlOf(address),
      store: location,
      ...(capacity && { capacity: describeCapacity(capacity) }),
      distDir: config.distDir,
      storeOpenMs,
      sinceProcessStartMs: Math.round(process.uptime() * 1000),
    });
    const notice = alertSettingsNotice(config.alerts);
    if (notice) process.stdout.write(`${notice}\n`);
    process.stdout.write(`Teratai Wealth is served on ${urlOf(address)}\n`);
    // The fill level, for whoever reads the terminal rather than the JSON log (see capacityWarning).
    if (capacity) process.stdout.write(`The file store holds ${describeCapacity(capacity)}.\n`);
    const keysUnset = unsetKeys(config);
    if (keysUnset.length > 0) {
      const message = `${keysUnset.join(' and ')} ${keysUnset.length > 1 ? 'are' : 'is'} not set: fine for trying the site, but set ${keysUnset.length > 1 ? 'them' : 'it'} before going live (openssl rand -base64 32; see docs/operations.md, Keys).`;
      log({ level: 'warn', msg: message });
      process.stdout.write(`${message}\n`);
    }
  });
}

/** The keys a live deployment needs that this one runs without (a fresh machine has no audit log or two-factor secret yet). */
function unsetKeys(config: { auditKey: string | null; totpKey: string | null }): string[] {
  return [...(config.auditKey === null ? ['AUDIT_KEY'] : []), ...(config.totpKey === null ? ['TOTP_KEY'] : [])];
}

function fail(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`The service could not start.\n${message}\n`);
  process.exit(1);
}

main().catch(fail);
