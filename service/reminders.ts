/**
 * The reminder that keeps the site's promise to answer within 24 hours: an
 * enquiry still New RESPONSE_REMINDER_HOURS after it came gets one `reminder`
 * alert per configured channel, queued in the store like any alert and sent
 * by the same dispatcher. The store makes it once per enquiry, however many
 * instances look (see InboxStore.queueReminders).
 */
import { RESPONSE_HOURS } from '../contract/promises';
import type { Log } from './log';
import type { AlertChannel } from './records';
import type { Store } from './store-interface';

const HOUR_MS = 60 * 60 * 1000;
/** How often the service looks, at most: a reminder comes at most this late. */
const CHECK_MS = 60_000;

export interface ReminderOptions {
  store: Pick<Store, 'queueReminders'>;
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

/** Queues the reminders due now; resolves with how many enquiries got one. */
export async function queueDueReminders({ store, hours, channels, log, now = () => new Date() }: ReminderOptions): Promise<number> {
  const time = now().getTime();
  const since = new Date(time - reminderWindowHours(hours) * HOUR_MS);
  const count = await store.queueReminders(since, new Date(time - hours * HOUR_MS), channels);
  if (count > 0) log({ level: 'info', msg: 'reminders queued for enquiries still New', count });
  return count;
}

/** Looks at once and then every minute (sooner when the reminder comes within minutes). Returns the function that stops it. */
export function startReminders(options: ReminderOptions): () => void {
  if (options.hours === 0 || options.channels.length === 0) return () => {};
  const look = () =>
    queueDueReminders(options).catch((error: unknown) =>
      options.log({ level: 'error', msg: 'reminders could not be queued', error: String(error) }),
    );
  void look();
  const timer = setInterval(look, Math.max(1_000, Math.min(CHECK_MS, (options.hours * HOUR_MS) / 10))).unref();
  return () => clearInterval(timer);
}
