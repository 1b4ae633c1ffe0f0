/**
 * The file store's format on disk (DB_FILE = data/db.json):
 * - data/db.json, the document lowdb reads: the whole store, one record per
 *   line, stamped with a generation number;
 * - data/db.journal.jsonl, JSON Lines: line 1 names the generation it
 *   extends, each later line adds records or replaces alerts (an enquiry and
 *   its alerts are one line, applied together or, torn by a crash, not at all).
 * A fold writes the document as generation N+1 and only then a new journal,
 * so a crash between the two leaves a journal of generation N, which the
 * document already holds and which is ignored.
 */
import { z } from 'zod';
import { alertRecordSchema, enquiryRecordSchema, spamRecordSchema, userRecordSchema } from '../records';

export const STORE_FORMAT = 'teratai-wealth-store';
export const JOURNAL_FORMAT = 'teratai-wealth-journal';
/** Older versions are upgraded once by `npm run enquiries -- migrate` (see upgrade-store.ts); this one reads only its own. */
export const FORMAT_VERSION = 5;

export const storeDataSchema = z.strictObject({
  enquiries: z.array(enquiryRecordSchema),
  spam: z.array(spamRecordSchema),
  users: z.array(userRecordSchema),
  alerts: z.array(alertRecordSchema),
});

/** What lowdb holds in `db.data`. */
export type StoreData = z.infer<typeof storeDataSchema>;
export const COLLECTION_NAMES = ['enquiries', 'spam', 'users', 'alerts'] as const satisfies readonly (keyof StoreData)[];

export function emptyStoreData(): StoreData {
  return { enquiries: [], spam: [], users: [], alerts: [] };
}

const formatOf = <Format extends string>(format: Format) =>
  z.strictObject({ format: z.literal(format), version: z.number().int(), generation: z.number().int().nonnegative() });

/** The document's frame, checked first: an older version is named as such rather than as a shape it does not match. */
export const documentFrameSchema = formatOf(STORE_FORMAT).loose();
/** The document without its records, which are checked one by one against recordSchemas (see readDocument). */
export const documentSchema = formatOf(STORE_FORMAT).extend({
  enquiries: z.array(z.unknown()),
  spam: z.array(z.unknown()),
  users: z.array(z.unknown()),
  alerts: z.array(z.unknown()),
});
export const recordSchemas = storeDataSchema.shape;
export const journalHeaderSchema = formatOf(JOURNAL_FORMAT);

/** One change: a record added to a collection, or an alert replaced by its id. */
export const journalEntrySchema = z.union([
  z.strictObject({ op: z.literal('add'), collection: z.literal('enquiries'), record: enquiryRecordSchema }),
  z.strictObject({ op: z.literal('add'), collection: z.literal('spam'), record: spamRecordSchema }),
  z.strictObject({ op: z.literal('add'), collection: z.literal('users'), record: userRecordSchema }),
  z.strictObject({ op: z.literal('add'), collection: z.literal('alerts'), record: alertRecordSchema }),
  z.strictObject({ op: z.literal('put'), collection: z.literal('alerts'), record: alertRecordSchema }),
]);
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/** Every journal line after the first: one change, or several that belong together. */
export const journalLineSchema = z.union([
  journalEntrySchema,
  z.strictObject({ op: z.literal('batch'), entries: z.array(journalEntrySchema).min(2) }),
]);
