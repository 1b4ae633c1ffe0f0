/**
 * The records every store keeps, whichever backend holds them: their shapes
 * (zod schemas, which the file store checks its files against) and types.
 */
import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '../contract/locales';

const SHA256_HEX = /^[0-9a-f]{64}$/;

export const enquiryRecordSchema = z.strictObject({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  service: z.string(),
  message: z.string(),
  /** The language the visitor wrote in and was answered in. Absent on records stored before the site had languages: English. */
  locale: z.enum(LOCALE_CODES as [Locale, ...Locale[]]).optional(),
  createdAt: z.iso.datetime(),
  /** The submission's Idempotency-Key, or null when the request had none. */
  idempotencyKey: z.uuid().nullable(),
  /** SHA-256 of the submitted fields: a replay with the same key must carry the same enquiry. */
  fingerprint: z.string().regex(SHA256_HEX),
});

/** A honeypot catch: kept apart from enquiries, with the field that gave it away. */
export const spamRecordSchema = enquiryRecordSchema.extend({ website: z.string() });

/** The spec's User entity. The password exists only as a salted hash. */
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

export type EnquiryRecord = z.infer<typeof enquiryRecordSchema>;
export type SpamRecord = z.infer<typeof spamRecordSchema>;
export type UserRecord = z.infer<typeof userRecordSchema>;
export type AlertRecord = z.infer<typeof alertRecordSchema>;

/** An enquiry's language; a record from before the site had languages is English. */
export function localeOf(record: Pick<EnquiryRecord, 'locale'>): Locale {
  return record.locale ?? DEFAULT_LOCALE;
}
