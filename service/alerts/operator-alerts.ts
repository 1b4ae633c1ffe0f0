/**
 * Alerts to the operator that concern no enquiry (the held queue, the daily
 * ceiling, the daily digest, the audit head, a guessed sign-in): queued in the
 * store's outbox with the enquiries' alerts and sent by the same dispatcher,
 * with the same retries and log line, by e-mail and webhook. Each is queued
 * under a key that names the notice and its period (`held-80pct-2026-11-28T22`,
 * `digest-2026-11-26`): a key is queued once, on any instance, so a notice
 * raised by every post of a flood, or looked for every hour, goes out once
 * per period. The words are stored with the alert. The subject, a header,
 * is only ever the service's words and numbers; so is the text, but for the
 * digest's examples of posts counted and not stored (as the tallies keep
 * them); no alert names a visitor, since a visitor's deletion does not reach
 * the outbox. They go with the held records (Store.deleteHeldBefore).
 */
import { randomUUID } from 'node:crypto';
import type { Log, LogFields } from '../log';
import type { AlertChannel, OperatorAlertRecord } from '../records';
import type { Store } from '../store-interface';

export interface OperatorAlert {
  /** The notice and its period; see hourKey(). */
  key: string;
  /** The webhook's `event`, e.g. `held.nearly-full`. */
  event: string;
  subject: string;
  text: string;
}

/** `<notice>-YYYY-MM-DDTHH` (UTC): a key that lets a notice go out at most once an hour. */
export function hourKey(notice: string, now: Date): string {
  return `${notice}-${now.toISOString().slice(0, 13)}`;
}

/**
 * Queues the alert on every channel unless its key was queued before, on
 * any instance; resolves with whether it was. No channel configured:
 * nothing is queued.
 */
export async function queueOperatorAlert(
  store: Pick<Store, 'atomically'>,
  channels: readonly AlertChannel[],
  alert: OperatorAlert,
  now = new Date(),
): Promise<boolean> {
  const createdAt = now.toISOString();
  const records: OperatorAlertRecord[] = channels.map((channel) => ({
    id: randomUUID(),
    ...alert,
    channel,
    status: 'pending',
    createdAt,
    attempts: 0,
    nextAttemptAt: createdAt,
    lastAttemptAt: null,
    lastError: null,
    sentAt: null,
  }));
  if (records.length === 0) return false;
  return store.atomically(async (tx) => {
    // Two instances queueing one key: the second waits here for the first's commit, then finds its alerts.
    await tx.lock(`operator-alert ${alert.key}`);
    if ((await tx.find('operatorAlerts', { key: alert.key })).length > 0) return false;
    await tx.queueAlerts(records);
    return true;
  });
}

export interface NoticeOptions {
  store: Pick<Store, 'atomically'>;
  alertChannels: readonly AlertChannel[];
  log: Log;
}

/**
 * For a notice raised on a request's way (a post held or refused, the daily
 * ceiling passed, an account guessed): queues `alert` and logs `queued` as a
 * warning when this call queued it. A failure to queue is logged as an error
 * with `failed`, never thrown: it is not the visitor's problem. Resolves
 * with false only on that failure.
 */
export async function raiseOperatorNotice(
  { store, alertChannels, log }: NoticeOptions,
  alert: OperatorAlert,
  logged: { queued: LogFields; failed: LogFields },
  now = new Date(),
): Promise<boolean> {
  try {
    if (await queueOperatorAlert(store, alertChannels, alert, now)) log({ level: 'warn', ...logged.queued });
    return true;
  } catch (error) {
    log({ level: 'error', ...logged.failed, error: String(error) });
    return false;
  }
}
