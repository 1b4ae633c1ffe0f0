/**
 * The reminder that keeps the site's promise to answer within 24 hours: an
 * enquiry still New RESPONSE_REMINDER_HOURS after it came gets one `reminder`
 * alert per configured channel, queued in the store like any alert and sent
 * by the same dispatcher. It is made once per enquiry, however many
 * instances look (queueReminders). A visitor's answer read back from the
 * mailbox is reminded of the same way (mailbox/answer-reminders.ts).
 */
import { lookEvery } from './periodic-look';
import { RESPONSE_HOURS } from '../contract/promises';
import { newAlert } from './alerts/alert-records';
import { queueAnswerReminders } from './mailbox/answer-reminders';
import type { Log } from './log';
import type { AlertChannel } from './records';
import type { Store } from './store-interface';

const HOUR_MS = 60 * 60 * 1000;
/** How often the service looks, at most: a reminder comes at most this late. */
const CHECK_MS = 60_000;

export interface ReminderOptions {
  store: Pick<Store, 'atomically' | 'listEnquiries' | 'find'>;
  /** 0 turns reminders off. */
  hours: number;
  channels: readonly AlertChannel[];
  log: Log;
  now?: () => Date;
}

/**
 * How far back an enquiry is still reminded of, in hours before now: a day
 * after its promise ran out, or a day after its reminder came due when that
 * is later. Enquiries stored before the inbox have no status and read as New:
 * without this bound the first look after the upgrade would remind of every
 * one of them, years of enquiries at once.
 */
function reminderWindowHours(hours: number): number {
  return Math.max(2 * RESPONSE_HOURS, hours + RESPONSE_HOURS);
}

/** Held while the enquiries due a reminder are found and reminded: two instances looking at once remind each once. */
const REMINDERS_LOCK = 'reminders';

/**
 * Queues one `reminder` alert per channel for each enquiry still New that
 * arrived from `since` to before `cutoff` and has had no reminder, in one
 * transaction; resolves with how many enquiries got one.
 */
export function queueReminders(
  store: Pick<Store, 'atomically'>,
  since: Date,
  cutoff: Date,
  channels: readonly AlertChannel[],
): Promise<number> {
  if (channels.length === 0) return Promise.resolve(0);
  return store.atomically(async (tx) => {
    await tx.lock(REMINDERS_LOCK);
    const due = await tx.unremindedNew(since, cutoff);
    const now = new Date().toISOString();
    await tx.queueAlerts(
      due.flatMap((id) => channels.map((channel) => ({ ...newAlert({ id, createdAt: now }, channel), kind: 'reminder' as const }))),
    );
    return due.length;
  });
}

/** Queues the reminders due now; resolves with how many enquiries got one. */
export async function queueDueReminders({ store, hours, channels, log, now = () => new Date() }: ReminderOptions): Promise<number> {
  const time = now().getTime();
  const since = new Date(time - reminderWindowHours(hours) * HOUR_MS);
  const cutoff = new Date(time - hours * HOUR_MS);
  const count = await queueReminders(store, since, cutoff, channels);
  if (count > 0) log({ level: 'info', msg: 'reminders queued for enquiries still New', count });
  const answers = await queueAnswerReminders(store, since, cutoff, channels, now());
  if (answers > 0) log({ level: 'info', msg: 'reminders queued for visitors\u2019 answers still New reply', count: answers });
  return count + answers;
}

/** Looks at once and then every minute (sooner when the reminder comes within minutes). Returns the function that stops it. */
export function startReminders(options: ReminderOptions): () => void {
  if (options.hours === 0 || options.channels.length === 0) return () => {};
  const everyMs = Math.max(1_000, Math.min(CHECK_MS, (options.hours * HOUR_MS) / 10));
  return lookEvery(everyMs, () => queueDueReminders(options), options.log, 'reminders could not be queued');
}
