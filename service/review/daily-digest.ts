/**
 * The daily digest: an e-mail to NOTIFY_EMAIL_TO about the UTC day before
 * (08:00 to 08:00 in Kuala Lumpur), sent within DIGEST_CHECK_MS after it ends
 * when anything was held or counted that day: how many of each, and the held
 * ones still held, by name, reference and first line, so that a real enquiry
 * never waits unseen. One instance sends it (Store.claimDaily); one that
 * cannot gives the claim back, and the next look tries again.
 */
import escapeHtml from 'escape-html';
import { describeHoldReason } from '../../contract/hold-reasons';
import { enquiryReference } from '../../contract/reference';
import { displayTime } from '../alerts/alert-message';
import type { Log } from '../log';
import { COUNTED_REASONS, isNoticeClaim, reasonOf, type SpamRecord, type TallyRecord, utcDay } from '../records';
import { HELD_DAYS, HELD_LIMIT } from '../store-rules';
import type { Store } from '../store-interface';
import type { NoticeMail, OperatorNotices } from './operator-notices';
import { TALLY_TEXT } from './tally-text';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the service looks whether a digest is due: it comes at most this long after the day ends. */
export const DIGEST_CHECK_MS = 60 * 60 * 1000;
const FIRST_LINE_CHARS = 200;
const LINE_BREAKS = /\r\n|[\n\r\u2028\u2029]/;

export interface DigestOptions {
  store: Pick<Store, 'tallies' | 'heldRecords' | 'heldCount' | 'claimDaily' | 'releaseDaily'>;
  notices: OperatorNotices;
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

function firstLine(message: string): string {
  const line = message.split(LINE_BREAKS).find((text) => text.trim() !== '') ?? '';
  return line.length > FIRST_LINE_CHARS ? `${line.slice(0, FIRST_LINE_CHARS)}…` : line;
}

/** The digest's text and HTML: the service's words, and the visitors' only in the bodies, escaped in the HTML. */
export function digestMail({ day, tallies, held, heldNow }: DigestContent, timeZone: string): NoticeMail {
  const start = `${day}T00:00:00.000Z`;
  const end = new Date(Date.parse(start) + DAY_MS).toISOString();
  const counted = tallies.filter((tally) => !isNoticeClaim(tally.name));
  const countedTotal = counted
    .filter((tally) => (COUNTED_REASONS as readonly string[]).includes(tally.name))
    .reduce((sum, t) => sum + t.count, 0);
  const heading = `Held for review and counted on ${day} (UTC), from ${displayTime(start, timeZone)} to ${displayTime(end, timeZone)}.`;
  const countLines = counted.map((tally) => `  ${tally.count.toLocaleString('en')}: ${TALLY_TEXT[tally.name]}`);
  const heldLines = held.flatMap((record) => [
    `- ${record.firstName} ${record.lastName}, ${enquiryReference(record.id)}, received ${displayTime(record.createdAt, timeZone)}`,
    `  Why: ${describeHoldReason(reasonOf(record))}`,
    `  > ${firstLine(record.message)}`,
  ]);
  const exampleLines = counted
    .filter((tally) => tally.examples.length > 0)
    .flatMap((tally) => [
      `  ${TALLY_TEXT[tally.name]}:`,
      ...tally.examples.map((example) => `  > ${example.split(LINE_BREAKS).join(' ')}`),
    ]);
  const footer = `Release a real enquiry with "Not spam" in the inbox (/inbox, Held for review) or with npm run enquiries -- spam release TW-XXXXXXXX; held records are deleted after ${HELD_DAYS} days.`;
  const text = [
    heading,
    '',
    `Held that day and still held: ${held.length} (held now in all: ${heldNow}).`,
    `Counted, not stored: ${countedTotal.toLocaleString('en')}.`,
    ...countLines,
    ...(heldLines.length > 0 ? ['', 'Held for review:', ...heldLines] : []),
    ...(exampleLines.length > 0 ? ['', 'Examples of what was counted, as sent (the first few, cut short):', ...exampleLines] : []),
    '',
    footer,
    '',
  ].join('\n');
  const heldHtml = held
    .map(
      (record) =>
        `<li><strong>${escapeHtml(`${record.firstName} ${record.lastName}`)}</strong>, ${enquiryReference(record.id)}, received ${escapeHtml(
          displayTime(record.createdAt, timeZone),
        )}<br>Why: ${escapeHtml(describeHoldReason(reasonOf(record)))}<br><q>${escapeHtml(firstLine(record.message))}</q></li>`,
    )
    .join('');
  const examplesHtml = counted
    .filter((tally) => tally.examples.length > 0)
    .map(
      (tally) =>
        `<li>${escapeHtml(TALLY_TEXT[tally.name])}<ul>${tally.examples.map((example) => `<li><q>${escapeHtml(example)}</q></li>`).join('')}</ul></li>`,
    )
    .join('');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>${escapeHtml(heading)}</p>`,
    `<p>Held that day and still held: ${held.length} (held now in all: ${heldNow}).<br>Counted, not stored: ${countedTotal.toLocaleString('en')}.</p>`,
    counted.length > 0
      ? `<ul>${counted.map((tally) => `<li>${tally.count.toLocaleString('en')}: ${escapeHtml(TALLY_TEXT[tally.name])}</li>`).join('')}</ul>`
      : '',
    heldHtml ? `<h2>Held for review</h2><ul>${heldHtml}</ul>` : '',
    examplesHtml ? `<h2>Examples of what was counted, as sent</h2><ul>${examplesHtml}</ul>` : '',
    `<p>${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');
  return {
    subject: `Held for review: ${held.length} held, ${countedTotal.toLocaleString('en')} counted on ${day}`,
    text,
    html,
    messageId: `digest-${day}`,
  };
}

/** What the digest of `day` says; null when nothing was held or counted that day. */
async function contentOf(store: DigestOptions['store'], day: string): Promise<DigestContent | null> {
  const tallies = (await store.tallies(day)).filter((tally) => tally.day === day && tally.name !== 'digest-sent');
  const end = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString();
  // Every held record (there are at most HELD_LIMIT), never the enquiries; listed oldest first.
  const held = (await store.heldRecords(HELD_LIMIT)).filter((record) => record.createdAt >= day && record.createdAt < end).reverse();
  if (held.length === 0 && !tallies.some((tally) => tally.count > 0 && !isNoticeClaim(tally.name))) return null;
  return { day, tallies, held, heldNow: await store.heldCount() };
}

/** Sends the digest of the UTC day before `now` unless it was sent or there is nothing to say; resolves with whether this call sent it. */
export async function sendDigestIfDue({ store, notices, timeZone, log, now = () => new Date() }: DigestOptions): Promise<boolean> {
  if (!notices.canMail) return false;
  const day = utcDay(new Date(now().getTime() - DAY_MS));
  const content = await contentOf(store, day);
  if (content === null || !(await store.claimDaily('digest-sent', day))) return false;
  try {
    await notices.mail(digestMail(content, timeZone));
  } catch (error) {
    await store.releaseDaily('digest-sent', day);
    throw error;
  }
  log({ level: 'info', msg: 'daily digest sent', day, held: content.held.length });
  return true;
}

/** Looks at once and then every DIGEST_CHECK_MS. Returns the function that stops it. */
export function startDailyDigest(options: DigestOptions): () => void {
  if (!options.notices.canMail) return () => {};
  const look = () =>
    sendDigestIfDue(options).catch((error: unknown) =>
      options.log({ level: 'error', msg: 'the daily digest could not be sent', error: String(error) }),
    );
  void look();
  const timer = setInterval(look, DIGEST_CHECK_MS).unref();
  return () => clearInterval(timer);
}
