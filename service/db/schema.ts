/**
 * The shape of what the store keeps on disk. Every record read from the
 * snapshot or the journal is checked against these schemas (by
 * record-checks.ts, which asks zod only about what its quicker checks do not
 * take), so a file of another shape stops the service instead of being
 * served or overwritten.
 */
import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '../../contract/locales';

const SHA256_HEX = /^[0-9a-f]{64}$/;

export const enquiryRecordSchema = z.strictObject({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  service: z.string(),
  message: z.string(),
  /**
   * The language the visitor wrote in and was answered in. Absent on records
   * stored before the site had languages (format version 2 and older): English.
   */
  locale: z.enum(LOCALE_CODES as [Locale, ...Locale[]]).optional(),
  createdAt: z.iso.datetime(),
  /** The submission's Idempotency-Key, or null when the request had none. */
  idempotencyKey: z.uuid().nullable(),
  /** SHA-256 of the submitted fields: a replay with the same key must carry the same enquiry. */
  fingerprint: z.string().regex(SHA256_HEX),
});

/** A honeypot catch: kept apart from enquiries, with the field that gave it away. */
export const spamRecordSchema = enquiryRecordSchema.extend({ website: z.string() });

/** The spec's User entity. The password exists only as a salted scrypt hash. */
export const userRecordSchema = z.strictObject({
  id: z.uuid(),
  username: z.string().min(1),
  passwordHash: z.string().startsWith('scrypt$'),
  createdAt: z.iso.datetime(),
});

export const ALERT_CHANNELS = ['email', 'webhook'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
export const ALERT_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * One operator alert for one enquiry on one channel. It holds no personal
 * data: the sender reads the enquiry when it sends, so deleting an enquiry
 * leaves nothing of the visitor here.
 */
export const alertRecordSchema = z.strictObject({
  /** Also the webhook's delivery id, so a receiver can drop a copy sent twice. */
  id: z.uuid(),
  enquiryId: z.uuid(),
  channel: z.enum(ALERT_CHANNELS),
  status: z.enum(ALERT_STATUSES),
  createdAt: z.iso.datetime(),
  attempts: z.number().int().nonnegative(),
  /** When a pending alert is tried next; null once it is sent or failed. */
  nextAttemptAt: z.iso.datetime().nullable(),
  lastAttemptAt: z.iso.datetime().nullable(),
  /** What the mail server or webhook said the last time it did not take the alert. */
  lastError: z.string().nullable(),
  sentAt: z.iso.datetime().nullable(),
});

/**
 * A sent alert as the snapshot holds it from format version 4 on: without
 * what its sending settled, which every alert the service marks sent shares
 * (no next attempt, no error, the last attempt was the sending). It is made
 * whole as it is read (see sent-alerts.ts).
 */
export const shortSentAlertSchema = alertRecordSchema
  .omit({ nextAttemptAt: true, lastAttemptAt: true, lastError: true })
  .extend({ status: z.literal('sent'), sentAt: z.iso.datetime() });

export type EnquiryRecord = z.infer<typeof enquiryRecordSchema>;
export type AlertRecord = z.infer<typeof alertRecordSchema>;
export type SpamRecord = z.infer<typeof spamRecordSchema>;
export type ShortSentAlert = z.infer<typeof shortSentAlertSchema>;

/** An enquiry's language; a record from before the site had languages is English. */
export function localeOf(record: Pick<EnquiryRecord, 'locale'>): Locale {
  return record.locale ?? DEFAULT_LOCALE;
}
export type UserRecord = z.infer<typeof userRecordSchema>;

export const storeDataSchema = z.strictObject({
  enquiries: z.array(enquiryRecordSchema),
  spam: z.array(spamRecordSchema),
  users: z.array(userRecordSchema),
  alerts: z.array(alertRecordSchema),
});

/** What lowdb holds in `db.data`. */
export type StoreData = z.infer<typeof storeDataSchema>;
export type CollectionName = keyof StoreData;
export const COLLECTION_NAMES = ['enquiries', 'spam', 'users', 'alerts'] as const satisfies readonly CollectionName[];

export function emptyStoreData(): StoreData {
  return { enquiries: [], spam: [], users: [], alerts: [] };
}

export const STORE_FORMAT = 'teratai-wealth-store';
export const JOURNAL_FORMAT = 'teratai-wealth-journal';
/**
 * Version 2 added alerts; a version 1 file reads as one without any. Version 3
 * added the enquiries' `locale`; a version 2 file's records have none
 * (English). Version 4 writes sent alerts short in the snapshot
 * (shortSentAlertSchema); older files hold them whole, which version 4 reads
 * too. An older service refuses a newer file by its version.
 */
export const FORMAT_VERSION = 4;
const readableVersion = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(FORMAT_VERSION)]);

export const recordSchemas = {
  enquiries: enquiryRecordSchema,
  spam: spamRecordSchema,
  users: userRecordSchema,
  alerts: alertRecordSchema,
} as const satisfies Record<CollectionName, z.ZodType>;

/**
 * The snapshot file, the whole store as of `generation`, without its records:
 * those are checked one by one against recordSchemas, and a sent alert in
 * short against shortSentAlertSchema (see snapshot-records.ts).
 */
export const snapshotFrameSchema = z.strictObject({
  format: z.literal(STORE_FORMAT),
  version: readableVersion,
  generation: z.number().int().nonnegative(),
  enquiries: z.array(z.unknown()),
  spam: z.array(z.unknown()),
  users: z.array(z.unknown()),
  alerts: z.array(z.unknown()).default([]),
});

/** First line of the journal: which snapshot its entries apply to. */
export const journalHeaderSchema = z.strictObject({
  format: z.literal(JOURNAL_FORMAT),
  version: readableVersion,
  generation: z.number().int().nonnegative(),
});

/** One change: a record added to a collection, or an alert replaced by its id. */
export const journalEntrySchema = z.union([
  z.strictObject({ op: z.literal('add'), collection: z.literal('enquiries'), record: enquiryRecordSchema }),
  z.strictObject({ op: z.literal('add'), collection: z.literal('spam'), record: spamRecordSchema }),
  z.strictObject({ op: z.literal('add'), collection: z.literal('users'), record: userRecordSchema }),
  z.strictObject({ op: z.literal('add'), collection: z.literal('alerts'), record: alertRecordSchema }),
  z.strictObject({ op: z.literal('put'), collection: z.literal('alerts'), record: alertRecordSchema }),
]);
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/**
 * Every later journal line: one change, or several that belong together (an
 * enquiry and its alerts). A line is written whole or, torn by a crash,
 * dropped whole, so the changes of one line are never half applied.
 */
export const journalLineSchema = z.union([
  journalEntrySchema,
  z.strictObject({ op: z.literal('batch'), entries: z.array(journalEntrySchema).min(2) }),
]);
export type JournalLine = z.infer<typeof journalLineSchema>;
