/**
 * The checks of schema.ts written out by hand, for the records a start reads
 * by the hundred thousand: zod took about 250 ms for the 200,000 records of
 * 100,000 enquiries with their alerts, these under a third of it. They test
 * the same things (exactly these keys; zod's own pattern for times; its UUID
 * and SHA-256 patterns as loops), and only ever say yes or "ask zod": a
 * record they do not take goes to the schema, which decides and words the
 * error. So they may refuse what zod would take (a nil UUID, a users record),
 * never take what it refuses; the tests hold each to its schema.
 */
import { z } from 'zod';
import { LOCALE_CODES } from '../../contract/locales';
import {
  ALERT_CHANNELS,
  ALERT_STATUSES,
  alertRecordSchema,
  journalLineSchema,
  recordSchemas,
  shortSentAlertSchema,
  type CollectionName,
} from './schema';

const ISO_DATETIME = z.regexes.datetime({});

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown) => typeof value === 'string';

/** Character codes: 1 for a lower-case hexadecimal digit, 2 for an upper-case one. */
const HEX_DIGITS = new Uint8Array(128);
for (const digit of '0123456789abcdef') HEX_DIGITS[digit.charCodeAt(0)] = 1;
for (const digit of 'ABCDEF') HEX_DIGITS[digit.charCodeAt(0)] = 2;
const DASH = 0x2d;

/** Hexadecimal digits from `start` to `end`, any case unless `lowerOnly`. */
function isHexRun(text: string, start: number, end: number, lowerOnly = false): boolean {
  for (let index = start; index < end; index += 1) {
    const kind = HEX_DIGITS[text.charCodeAt(index)]; // undefined beyond the table
    if (kind === undefined || kind === 0 || (lowerOnly && kind !== 1)) return false;
  }
  return true;
}

/**
 * What zod's z.uuid() pattern takes but its nil and max UUIDs. Written out
 * because the patterns are slow for their size: on the 2-core machine, zod's
 * UUID and SHA-256 patterns take about 130 and 260 ns a test, more than this
 * module's whole check of an enquiry (about 230 ns).
 */
function isUuid(value: unknown): boolean {
  if (typeof value !== 'string' || value.length !== 36) return false;
  const version = value.charCodeAt(14);
  const variant = value[19]!;
  return (
    value.charCodeAt(8) === DASH &&
    value.charCodeAt(13) === DASH &&
    value.charCodeAt(18) === DASH &&
    value.charCodeAt(23) === DASH &&
    version >= 0x31 && // 1 to 8
    version <= 0x38 &&
    '89abAB'.includes(variant) &&
    isHexRun(value, 0, 8) &&
    isHexRun(value, 9, 13) &&
    isHexRun(value, 15, 18) &&
    isHexRun(value, 20, 23) &&
    isHexRun(value, 24, 36)
  );
}

/** SHA256_HEX of schema.ts. */
const isSha256Hex = (value: unknown) => typeof value === 'string' && value.length === 64 && isHexRun(value, 0, 64, true);

const isTime = (value: unknown) => typeof value === 'string' && ISO_DATETIME.test(value);
const isTimeOrNull = (value: unknown) => value === null || isTime(value);
const isOneOf = (values: readonly string[]) => (value: unknown) => values.includes(value as string);
const isLocale = isOneOf(LOCALE_CODES);
const isChannel = isOneOf(ALERT_CHANNELS);
const isStatus = isOneOf(ALERT_STATUSES);

/**
 * Strict objects: every required key is checked to hold a value, so a count
 * of own keys equal to theirs (plus the optional ones present) leaves no room
 * for an unknown key.
 */
const ENQUIRY_KEYS = 10;
const ALERT_KEYS = 10;
const SHORT_SENT_ALERT_KEYS = 7;

function isEnquiry(record: unknown, extraKeys = 0): record is Fields {
  if (!isObject(record)) return false;
  const hasLocale = record.locale !== undefined;
  return (
    Object.keys(record).length === ENQUIRY_KEYS + extraKeys + (hasLocale ? 1 : 0) &&
    isUuid(record.id) &&
    isString(record.firstName) &&
    isString(record.lastName) &&
    isString(record.email) &&
    isString(record.phone) &&
    isString(record.service) &&
    isString(record.message) &&
    (!hasLocale || isLocale(record.locale)) &&
    isTime(record.createdAt) &&
    (record.idempotencyKey === null || isUuid(record.idempotencyKey)) &&
    isSha256Hex(record.fingerprint)
  );
}

const isSpam = (record: unknown) => isEnquiry(record, 1) && isString(record.website);

/** What an alert has in both forms, whole or a sent one in short. */
function isAlertCore(record: Fields): boolean {
  return (
    isUuid(record.id) &&
    isUuid(record.enquiryId) &&
    isChannel(record.channel) &&
    isTime(record.createdAt) &&
    Number.isSafeInteger(record.attempts) &&
    (record.attempts as number) >= 0
  );
}

function isAlert(record: unknown): boolean {
  return (
    isObject(record) &&
    Object.keys(record).length === ALERT_KEYS &&
    isAlertCore(record) &&
    isStatus(record.status) &&
    isTimeOrNull(record.nextAttemptAt) &&
    isTimeOrNull(record.lastAttemptAt) &&
    (record.lastError === null || isString(record.lastError)) &&
    isTimeOrNull(record.sentAt)
  );
}

function isShortSentAlert(record: unknown): boolean {
  return (
    isObject(record) &&
    Object.keys(record).length === SHORT_SENT_ALERT_KEYS &&
    isAlertCore(record) &&
    record.status === 'sent' &&
    isTime(record.sentAt)
  );
}

/** Users are a handful: zod checks them. */
const quickChecks: Record<CollectionName, (record: unknown) => boolean> = {
  enquiries: isEnquiry,
  spam: isSpam,
  users: () => false,
  alerts: isAlert,
};

/** Null when `record` is a valid record of `collection`, else zod's account of why not. */
export function recordProblem(collection: CollectionName, record: unknown): z.ZodError | null {
  if (quickChecks[collection](record)) return null;
  const checked = recordSchemas[collection].safeParse(record);
  return checked.success ? null : checked.error;
}

/**
 * recordProblem for a record of the snapshot, whose alerts may also be sent
 * ones in short (see sent-alerts.ts). One without `lastAttemptAt` that says
 * it was sent is held to the short form, any other to the whole one.
 */
export function snapshotRecordProblem(collection: CollectionName, record: unknown): z.ZodError | null {
  if (collection !== 'alerts') return recordProblem(collection, record);
  if (isAlert(record) || isShortSentAlert(record)) return null;
  const short = isObject(record) && !('lastAttemptAt' in record) && record.status === 'sent';
  const checked = (short ? shortSentAlertSchema : alertRecordSchema).safeParse(record);
  return checked.success ? null : checked.error;
}

function isJournalEntry(entry: unknown): boolean {
  if (!isObject(entry) || Object.keys(entry).length !== 3) return false;
  const { op, collection, record } = entry;
  const known = op === 'add' ? Object.hasOwn(quickChecks, collection as string) : op === 'put' && collection === 'alerts';
  return known && quickChecks[collection as CollectionName](record);
}

/** Null when `line` is a valid journal line (one entry, or a batch of them), else zod's account of why not. */
export function journalLineProblem(line: unknown): z.ZodError | null {
  const quick =
    isJournalEntry(line) ||
    (isObject(line) &&
      line.op === 'batch' &&
      Object.keys(line).length === 2 &&
      Array.isArray(line.entries) &&
      line.entries.length >= 2 &&
      line.entries.every(isJournalEntry));
  if (quick) return null;
  const checked = journalLineSchema.safeParse(line);
  return checked.success ? null : checked.error;
}
