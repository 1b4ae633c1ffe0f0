/**
 * The shape of what the store keeps on disk. Every record read from the
 * snapshot or the journal is checked against these schemas, so a file of
 * another shape stops the service instead of being served or overwritten.
 */
import { z } from 'zod';

const SHA256_HEX = /^[0-9a-f]{64}$/;

export const enquiryRecordSchema = z.strictObject({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  service: z.string(),
  message: z.string(),
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

export type EnquiryRecord = z.infer<typeof enquiryRecordSchema>;
export type SpamRecord = z.infer<typeof spamRecordSchema>;
export type UserRecord = z.infer<typeof userRecordSchema>;

export const storeDataSchema = z.strictObject({
  enquiries: z.array(enquiryRecordSchema),
  spam: z.array(spamRecordSchema),
  users: z.array(userRecordSchema),
});

/** What lowdb holds in `db.data`. */
export type StoreData = z.infer<typeof storeDataSchema>;
export type CollectionName = keyof StoreData;
export const COLLECTION_NAMES = ['enquiries', 'spam', 'users'] as const satisfies readonly CollectionName[];

export function emptyStoreData(): StoreData {
  return { enquiries: [], spam: [], users: [] };
}

export const STORE_FORMAT = 'teratai-wealth-store';
export const JOURNAL_FORMAT = 'teratai-wealth-journal';
export const FORMAT_VERSION = 1;

export const recordSchemas = {
  enquiries: enquiryRecordSchema,
  spam: spamRecordSchema,
  users: userRecordSchema,
} as const satisfies Record<CollectionName, z.ZodType>;

/**
 * The snapshot file, the whole store as of `generation`, without its records:
 * those are checked one by one against recordSchemas (see store-files.ts).
 */
export const snapshotFrameSchema = z.strictObject({
  format: z.literal(STORE_FORMAT),
  version: z.literal(FORMAT_VERSION),
  generation: z.number().int().nonnegative(),
  enquiries: z.array(z.unknown()),
  spam: z.array(z.unknown()),
  users: z.array(z.unknown()),
});

/** First line of the journal: which snapshot its entries apply to. */
export const journalHeaderSchema = z.strictObject({
  format: z.literal(JOURNAL_FORMAT),
  version: z.literal(FORMAT_VERSION),
  generation: z.number().int().nonnegative(),
});

/** Every later journal line: one record added to one collection. */
export const journalEntrySchema = z.discriminatedUnion('collection', [
  z.strictObject({ op: z.literal('add'), collection: z.literal('enquiries'), record: enquiryRecordSchema }),
  z.strictObject({ op: z.literal('add'), collection: z.literal('spam'), record: spamRecordSchema }),
  z.strictObject({ op: z.literal('add'), collection: z.literal('users'), record: userRecordSchema }),
]);
export type JournalEntry = z.infer<typeof journalEntrySchema>;
