/**
 * The operator's alert commands: `alerts` (what is pending or failed),
 * `alerts retry` (send the failed ones again) and `test-alert` (check the
 * settings before going live).
 *
 * Only one process writes the file store. While the service runs, `alerts
 * retry` asks it over its control socket (see change-store.ts) and watches
 * the files for the outcome; when it is stopped, the command opens the store
 * and sends the alerts itself. With PostgreSQL, the command makes the failed
 * alerts pending in the database and the running instances send them.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { displayTime } from '../alerts/alert-message';
import { startAlertDispatcher } from '../alerts/alert-dispatcher';
import { configuredChannels, createAlertSenders, createOutboxSenders } from '../alerts/alert-senders';
import type { AlertConfig } from '../config';
import type { AlertRecord, EnquiryRecord, OperatorAlertRecord } from '../records';
import { silentLog } from '../log';
import type { StoreRecords } from '../store-interface';
import type { Io } from './io';
import { escapeForTerminal, plural } from '../text/format';
import { describeLocation, readMailboxCursors, readOperatorAlerts, readRecords, type StoreLocation } from '../open-configured-store';
import { changeStore, recordAccess } from './change-store';

/** How long `alerts retry` waits for the outcome of one attempt per alert. */
const RETRY_WAIT_MS = 45_000;
const RETRY_POLL_MS = 250;

const CHANNEL_NAMES = { email: 'e-mail', webhook: 'webhook' } as const;

function describeAlert(alert: AlertRecord, enquiry: EnquiryRecord | undefined, timeZone: string): string {
  const who = enquiry
    ? `${escapeForTerminal(`${enquiry.firstName} ${enquiry.lastName} <${enquiry.email}>`)}, ${displayTime(enquiry.createdAt, timeZone)}`
    : 'an enquiry deleted since';
  const lines = [`${alert.status.toUpperCase().padEnd(8)} ${CHANNEL_NAMES[alert.channel].padEnd(8)} ${who}`];
  const tried = alert.lastAttemptAt ? `, last ${displayTime(alert.lastAttemptAt, timeZone)}` : '';
  lines.push(`         ${plural(alert.attempts, 'attempt', 'attempts')}${tried}; alert ${alert.id}, enquiry ${alert.enquiryId}`);
  if (alert.lastError) lines.push(`         last error: ${escapeForTerminal(alert.lastError)}`);
  if (alert.status === 'pending' && alert.nextAttemptAt) lines.push(`         next attempt: ${displayTime(alert.nextAttemptAt, timeZone)}`);
  return lines.join('\n');
}

function enquiriesById(data: StoreRecords): Map<string, EnquiryRecord> {
  return new Map(data.enquiries.map((record) => [record.id, record]));
}

/** Operator alerts sent longer ago than this are left out of the list: they are many, and said what they had to. */
const OPERATOR_SENT_SHOWN_MS = 24 * 60 * 60 * 1000;

function describeOperatorAlert(alert: OperatorAlertRecord, timeZone: string): string {
  const lines = [
    `${alert.status.toUpperCase().padEnd(8)} ${CHANNEL_NAMES[alert.channel].padEnd(8)} ${alert.subject}, ${displayTime(alert.createdAt, timeZone)}`,
  ];
  const tried = alert.lastAttemptAt ? `, last ${displayTime(alert.lastAttemptAt, timeZone)}` : '';
  lines.push(`         ${plural(alert.attempts, 'attempt', 'attempts')}${tried}; alert ${alert.id}, ${alert.key}`);
  if (alert.lastError) lines.push(`         last error: ${escapeForTerminal(alert.lastError)}`);
  if (alert.status === 'pending' && alert.nextAttemptAt) lines.push(`         next attempt: ${displayTime(alert.nextAttemptAt, timeZone)}`);
  return lines.join('\n');
}

/** The operator's own alerts (about no enquiry): those not sent, and those sent within a day. */
async function listOperatorAlerts(location: StoreLocation, io: Io, timeZone: string): Promise<void> {
  const since = new Date(Date.now() - OPERATOR_SENT_SHOWN_MS).toISOString();
  const shown = ((await readOperatorAlerts(location)) ?? []).filter((alert) => alert.status !== 'sent' || alert.createdAt >= since);
  if (shown.length === 0) return;
  io.out(`\nOperator alerts (about no enquiry) not sent, or sent in the last 24 hours, oldest first:\n\n`);
  io.out(`${shown.map((alert) => describeOperatorAlert(alert, timeZone)).join('\n\n')}\n`);
}

/** One line per mailbox the replies' reader reads (REPLIES_IMAP_URL): what it gave up on, and when it last read. */
async function describeMailboxes(location: StoreLocation, io: Io, timeZone: string): Promise<void> {
  for (const cursor of (await readMailboxCursors(location)) ?? []) {
    io.out(
      `\nReplies mailbox ${cursor.id}: ${plural(cursor.skipped, 'message', 'messages')} skipped (unreadable or too large), last read ${displayTime(cursor.updatedAt, timeZone)}.\n`,
    );
  }
}

export async function listAlerts(location: StoreLocation, io: Io, config: AlertConfig): Promise<number> {
  await listEnquiryAlerts(location, io, config);
  await listOperatorAlerts(location, io, config.timeZone);
  await describeMailboxes(location, io, config.timeZone);
  return 0;
}

async function listEnquiryAlerts(location: StoreLocation, io: Io, config: AlertConfig): Promise<void> {
  const data = await readRecords(location);
  const open = data.alerts.filter((alert) => alert.status !== 'sent');
  const sent = data.alerts.length - open.length;
  const on = configuredChannels(config).map((channel) => CHANNEL_NAMES[channel]);
  io.out(
    `Alerts: ${on.length > 0 ? `${on.join(' and ')} on` : 'off (no channel is configured)'}. ${plural(sent, 'alert', 'alerts')} sent in ${describeLocation(location)}.\n`,
  );
  if (open.length === 0) {
    io.out('None is pending or failed.\n');
    return;
  }
  // Each names its enquiry's sender: on record first, as a list of enquiries is.
  await recordAccess(location, 'list', `alerts pending or failed, ${open.length}`);
  const byId = enquiriesById(data);
  const failed = open.filter((alert) => alert.status === 'failed').length;
  io.out(`${plural(open.length - failed, 'alert', 'alerts')} pending, ${failed} failed, oldest first:\n\n`);
  io.out(`${open.map((alert) => describeAlert(alert, byId.get(alert.enquiryId), config.timeZone)).join('\n\n')}\n`);
  if (failed > 0) io.out('\nSend the failed ones again with: npm run enquiries -- alerts retry\n');
}

/** Waits until each alert has had one more attempt than in `before`, or the wait is over. */
async function awaitAttempts(location: StoreLocation, before: readonly AlertRecord[]): Promise<StoreRecords> {
  const started = Date.now();
  for (;;) {
    const data = await readRecords(location);
    const now = new Map(data.alerts.map((alert) => [alert.id, alert]));
    const done = before.every((alert) => (now.get(alert.id)?.attempts ?? Infinity) > alert.attempts);
    if (done || Date.now() - started > RETRY_WAIT_MS) return data;
    await delay(RETRY_POLL_MS);
  }
}

function reportRetries(io: Io, before: readonly AlertRecord[], data: StoreRecords, timeZone: string): number {
  const now = new Map(data.alerts.map((alert) => [alert.id, alert]));
  const byId = enquiriesById(data);
  let unsent = 0;
  for (const previous of before) {
    const alert = now.get(previous.id);
    if (!alert) continue;
    if (alert.status !== 'sent') unsent += 1;
    io.out(`${describeAlert(alert, byId.get(alert.enquiryId), timeZone)}\n\n`);
  }
  io.out(unsent === 0 ? 'Every failed alert is sent now.\n' : `${plural(unsent, 'alert is', 'alerts are')} not sent yet (see above).\n`);
  return unsent === 0 ? 0 : 1;
}

export async function retryAlerts(location: StoreLocation, io: Io, config: AlertConfig): Promise<number> {
  const failed = (await readRecords(location)).alerts.filter((alert) => alert.status === 'failed');
  if (failed.length === 0) {
    io.out('No failed alert to send again.\n');
    return 0;
  }
  const count = plural(failed.length, 'failed alert', 'failed alerts');
  let data: StoreRecords | null = null;
  const { by } = await changeStore(
    location,
    { command: 'alerts-retry' },
    {
      alertChannels: configuredChannels(config),
      // A file store this command holds: no one else sends them, so it does, while it holds it.
      alsoHere: async (store) => {
        if (location.databaseUrl !== null) return;
        io.out(`Sending ${count} again with the current settings.\n\n`);
        const dispatcher = startAlertDispatcher({ store, senders: createOutboxSenders(config, store), log: silentLog });
        try {
          data = await awaitAttempts(location, failed);
        } finally {
          await dispatcher.stop();
        }
      },
    },
  );
  if (data === null) {
    io.out(
      by === 'service'
        ? `The service is running: it sends ${count} again now.\n\n`
        : `${plural(failed.length, 'failed alert is', 'failed alerts are')} pending again: the running instances send them now.\n\n`,
    );
    data = await awaitAttempts(location, failed);
  }
  return reportRetries(io, failed, data, config.timeZone);
}

/** A made-up enquiry, plainly marked as a test. */
function testEnquiry(): EnquiryRecord {
  return {
    id: randomUUID(),
    firstName: 'Test',
    lastName: 'Alert',
    email: 'test-visitor@example.com',
    phone: '+60 12-345 6789',
    service: '',
    message: 'This is a test alert from `npm run enquiries -- test-alert`. No visitor sent it; nothing needs an answer.',
    createdAt: new Date().toISOString(),
    idempotencyKey: null,
    fingerprint: '0'.repeat(64),
  };
}

/**
 * A webhook URL as the terminal (and whoever reads over a shoulder or a shared
 * screen) may see it: Slack, Teams and Discord put the credential in the path.
 */
function urlShown(url: string): string {
  return `${new URL(url).origin}/…`;
}

export async function testAlert(io: Io, config: AlertConfig): Promise<number> {
  const senders = createAlertSenders(config);
  if (senders.length === 0) {
    io.err('Alerts are off: set SMTP_URL, NOTIFY_EMAIL_TO and NOTIFY_EMAIL_FROM for e-mail, or NOTIFY_WEBHOOK_URL for a webhook.\n');
    return 1;
  }
  const enquiry = testEnquiry();
  let failures = 0;
  for (const sender of senders) {
    const target = sender.channel === 'email' ? `e-mail to ${config.email!.to.join(', ')}` : `webhook ${urlShown(config.webhook!.url)}`;
    const outcome = await sender.sendTest(enquiry);
    sender.close();
    if (outcome.kind === 'sent') {
      io.out(`${target}: sent. The server answered: ${escapeForTerminal(outcome.response)}\n`);
    } else {
      failures += 1;
      const kind = outcome.kind === 'temporary' ? 'failed (temporary: the service would retry)' : 'refused (permanent)';
      io.out(`${target}: ${kind}. ${escapeForTerminal(outcome.error)}\n`);
    }
  }
  return failures === 0 ? 0 : 1;
}
