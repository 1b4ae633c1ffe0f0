/**
 * The daily digest about the UTC day before (08:00 to 08:00 in Kuala Lumpur),
 * queued within DIGEST_CHECK_MS after it ends when anything was held or
 * counted that day: how many of each, and the held ones still held, by
 * reference, time and reason, so that a real enquiry never waits unseen. It is
 * an operator alert (alerts/operator-alerts.ts) on every alert channel: the
 * outbox retries it while the mail server or webhook is down, and its day's
 * key makes it once a day across instances. It names no visitor: it is
 * stored with the outbox's alerts, which a visitor's deletion does not reach,
 * and staff read who wrote what in the inbox, signed in and on record.
 */
import { lookEvery } from '../periodic-look';
import { describeHoldReason } from '../../contract/hold-reasons';
import { enquiryReference } from '../../contract/reference';
import { displayTime } from '../alerts/alert-message';
import { queueOperatorAlert } from '../alerts/operator-alerts';
import type { Log } from '../log';
import { type AlertChannel, COUNTED_REASONS, isNoticeClaim, reasonOf, type SpamRecord, type TallyRecord, utcDay } from '../records';
import { HELD_DAYS, HELD_LIMIT, talliesSince } from '../store-rules';
import type { Store } from '../store-interface';
import { TALLY_TEXT } from './tally-text';
import { heldRecords } from '../enquiry-records';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the service looks whether a digest is due: it is queued at most this long after the day ends. */
export const DIGEST_CHECK_MS = 60 * 60 * 1000;
const LINE_BREAKS = /\r\n|[\n\r\u2028\u2029]/;

export interface DigestOptions {
  store: Pick<Store, 'get' | 'find' | 'heldUsage' | 'atomically'>;
  alertChannels: readonly AlertChannel[];
  /** TZ_DISPLAY. */
  timeZone: string;
  log: Log;
  now?: () => Date;
}

export interface DigestContent {
  day: string;
  tallies: TallyRecord[];
  held: SpamRecord[];
  heldNow: number;
}

export interface DigestMail {
  /** Only the service's own words and numbers: visitor text never goes into a header. */
  subject: string;
  /** Posted words only in the examples of what was counted; the e-mail's HTML escapes them. */
  text: string;
}

/** The digest's subject and text. */
export function digestMail({ day, tallies, held, heldNow }: DigestContent, timeZone: string): DigestMail {
  const start = `${day}T00:00:00.000Z`;
  const end = new Date(Date.parse(start) + DAY_MS).toISOString();
  const counted = tallies.filter((tally) => !isNoticeClaim(tally.name));
  const countedTotal = counted
    .filter((tally) => (COUNTED_REASONS as readonly string[]).includes(tally.name))
    .reduce((sum, t) => sum + t.count, 0);
  const heldLines = held.flatMap((record) => [
    `- ${enquiryReference(record.id)}, received ${displayTime(record.createdAt, timeZone)}`,
    `  Why: ${describeHoldReason(reasonOf(record))}`,
  ]);
  const exampleLines = counted
    .filter((tally) => tally.examples.length > 0)
    .flatMap((tally) => [
      `  ${TALLY_TEXT[tally.name]}:`,
      ...tally.examples.map((example) => `  > ${example.split(LINE_BREAKS).join(' ')}`),
    ]);
  const text = [
    `Held for review and counted on ${day} (UTC), from ${displayTime(start, timeZone)} to ${displayTime(end, timeZone)}.`,
    '',
    `Held that day and still held: ${held.length} (held now in all: ${heldNow}).`,
    `Counted, not stored: ${countedTotal.toLocaleString('en')}.`,
    ...counted.map((tally) => `  ${tally.count.toLocaleString('en')}: ${TALLY_TEXT[tally.name]}`),
    ...(heldLines.length > 0 ? ['', 'Held for review:', ...heldLines] : []),
    ...(exampleLines.length > 0 ? ['', 'Examples of what was counted, as sent (the first few, cut short):', ...exampleLines] : []),
    '',
    `Release a real enquiry with "Not spam" in the inbox (/inbox, Held for review) or with npm run enquiries -- spam release TW-XXXXXXXX; held records are deleted after ${HELD_DAYS} days.`,
    '',
  ].join('\n');
  return { subject: `Held for review: ${held.length} held, ${countedTotal.toLocaleString('en')} counted on ${day}`, text };
}

/** What the digest of `day` says; null when nothing was held or counted that day. */
async function contentOf(store: DigestOptions['store'], day: string): Promise<DigestContent | null> {
  const tallies = (await talliesSince(store, day)).filter((tally) => tally.day === day && !isNoticeClaim(tally.name));
  const end = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString();
  // Every held record (there are at most HELD_LIMIT), never the enquiries; listed oldest first.
  const held = (await heldRecords(store, HELD_LIMIT)).filter((record) => record.createdAt >= day && record.createdAt < end).reverse();
  if (held.length === 0 && !tallies.some((tally) => tally.count > 0)) return null;
  return { day, tallies, held, heldNow: (await store.heldUsage()).records };
}

/** Queues the digest of the UTC day before `now` unless it was queued or there is nothing to say; resolves with whether this call queued it. */
export async function queueDigestIfDue({ store, alertChannels, timeZone, log, now = () => new Date() }: DigestOptions): Promise<boolean> {
  if (alertChannels.length === 0) return false;
  const at = now();
  const day = utcDay(new Date(at.getTime() - DAY_MS));
  const content = await contentOf(store, day);
  if (content === null) return false;
  // The day's key: queued once, on any instance, however many looks find it due.
  const alert = { key: `digest-${day}`, event: 'digest.daily', ...digestMail(content, timeZone) };
  const queued = await queueOperatorAlert(store, alertChannels, alert, at);
  if (queued) log({ level: 'info', msg: 'daily digest queued', day, held: content.held.length });
  return queued;
}

/** Looks at once and then every DIGEST_CHECK_MS. Returns the function that stops it. */
export function startDailyDigest(options: DigestOptions): () => void {
  if (options.alertChannels.length === 0) return () => {};
  return lookEvery(DIGEST_CHECK_MS, () => queueDigestIfDue(options), options.log, 'the daily digest could not be queued');
}
