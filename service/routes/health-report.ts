/**
 * The health details: whether the store can write (and how full the file
 * store is), and how the alerts stand
 * (counts and the oldest pending alert's age per channel, never personal
 * data), and how many enquiries are still New past the 24 hours the site promises. Computed at most once per DETAILS_CACHE_MS, however many monitors ask.
 * And what is held for review, and counted instead of stored, today and the
 * day before (UTC): numbers only, never the examples. And the replies'
 * mailbox (REPLIES_IMAP_URL): the messages it gave up on, and when it was
 * last read.
 */
import { RESPONSE_HOURS } from '../../contract/promises';
import { ALERT_CHANNELS, COUNTED_REASONS, type AlertChannel, type TallyRecord, utcDay } from '../records';
import { capacityWarning, type Store } from '../store-interface';
import { talliesSince } from '../store-rules';

/** A monitor polling every second, or a hundred of them, costs the database one summary query per this. */
export const DETAILS_CACHE_MS = 5_000;

const REVIEW_TALLIES = [...COUNTED_REASONS, 'held-refused'] as const;

/** `{ honeypot: 3, 'challenge-refused': 0, 'held-refused': 0 }` for one day. */
function countsOn(tallies: readonly TallyRecord[], day: string) {
  return Object.fromEntries(
    REVIEW_TALLIES.map((name) => [name, tallies.find((tally) => tally.day === day && tally.name === name)?.count ?? 0]),
  ) as Record<(typeof REVIEW_TALLIES)[number], number>;
}

async function reviewReport(store: Store, now: Date) {
  const [today, yesterday] = [utcDay(now), utcDay(new Date(now.getTime() - 24 * 60 * 60 * 1000))];
  const [{ records: held }, tallies] = await Promise.all([store.heldUsage(), talliesSince(store, yesterday)]);
  return { held, counted: { [yesterday]: countsOn(tallies, yesterday), [today]: countsOn(tallies, today) } };
}

/** Null where no mailbox is read. */
async function mailboxReport(store: Store) {
  const cursors = await store.find('mailboxCursors');
  if (cursors.length === 0) return null;
  return {
    skipped: cursors.reduce((sum, cursor) => sum + cursor.skipped, 0),
    readAt: cursors
      .map((cursor) => cursor.updatedAt)
      .sort()
      .at(-1)!,
  };
}

export async function healthReport(store: Store, alertChannels: readonly AlertChannel[], now: Date) {
  const computedAt = now.toISOString();
  // An unreachable database cannot say how the alerts stand either: the report still answers, with 503.
  const promiseCutoff = new Date(now.getTime() - RESPONSE_HOURS * 60 * 60 * 1000);
  const [writable, summary, capacity, overdue, review, mailbox] = await Promise.all([
    store.writable(),
    store.alertSummary().catch(() => null),
    store.capacity(),
    store.countNewBefore(promiseCutoff).catch(() => null),
    reviewReport(store, now).catch(() => null),
    mailboxReport(store).catch(() => null),
  ]);
  if (summary === null || overdue === null) {
    return { status: 'unavailable', computedAt, store: { writable: false }, alerts: null, enquiries: null };
  }
  const { channels, oldestPendingAt } = summary;
  const alerts = Object.fromEntries(
    ALERT_CHANNELS.map((channel) => [channel, { configured: alertChannels.includes(channel), ...channels[channel] }]),
  ) as Record<AlertChannel, { configured: boolean; pending: number; failed: number }>;
  const oldestPendingAgeSeconds =
    oldestPendingAt === null ? null : Math.max(0, Math.round((now.getTime() - Date.parse(oldestPendingAt)) / 1000));
  return {
    status: writable ? 'ok' : 'unavailable',
    computedAt,
    // The file store's fill, with the warning from 80%; PostgreSQL has no capacity to show.
    store: { writable, ...(capacity && { capacity: { ...capacity, warning: capacityWarning(capacity) } }) },
    alerts: { ...alerts, oldestPendingAgeSeconds },
    enquiries: { overdue },
    review,
    mailbox,
  };
}

export type HealthReport = Awaited<ReturnType<typeof healthReport>>;

/**
 * The report, made afresh only when the last one is DETAILS_CACHE_MS old;
 * requests that come while one is being made wait for that one. A report
 * that failed is not kept: the next request tries again.
 */
export function cachedHealthReport(store: Store, alertChannels: readonly AlertChannel[]): () => Promise<HealthReport> {
  let cached: { startedAt: number; report: Promise<HealthReport> } | null = null;
  return () => {
    const now = Date.now();
    // A clock set back counts as expired too.
    if (cached === null || now < cached.startedAt || now - cached.startedAt >= DETAILS_CACHE_MS) {
      const report = healthReport(store, alertChannels, new Date(now));
      const entry = { startedAt: now, report };
      cached = entry;
      report.catch(() => {
        if (cached === entry) cached = null;
      });
    }
    return cached.report;
  };
}
