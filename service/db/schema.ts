/**
 * The file store's format on disk (DB_FILE = data/db.json):
 * - data/db.json, the document lowdb reads: the whole store, one record per
 *   line, stamped with a generation number;
 * - data/db.journal.jsonl, JSON Lines: line 1 names the generation it
 *   extends, each later line adds, replaces or deletes records (an enquiry
 *   and its alerts are one line, applied together or, torn by a crash, not at all).
 * A fold writes the document as generation N+1 and only then a new journal,
 * so a crash between the two leaves a journal of generation N, which the
 * document already holds and which is ignored.
 */
import { z } from 'zod';
import * as records from '../records';

export const STORE_FORMAT = 'teratai-wealth-store';
export const JOURNAL_FORMAT = 'teratai-wealth-journal';
/** Older versions are upgraded once by `npm run enquiries -- migrate` (see upgrade-store.ts); this one reads only its own. */
export const FORMAT_VERSION = 5;

export const recordSchemas = {
  enquiries: records.enquiryRecordSchema,
  spam: records.spamRecordSchema,
  users: records.userRecordSchema,
  alerts: records.alertRecordSchema,
  sessions: records.sessionRecordSchema,
  notes: records.noteRecordSchema,
  audit: records.auditRecordSchema,
  tallies: records.tallyRecordSchema,
  operatorAlerts: records.operatorAlertRecordSchema,
  messages: records.messageRecordSchema,
  mailboxCursors: records.mailboxCursorRecordSchema,
};

/** What lowdb holds in `db.data`: every collection oldest first. */
export type StoreData = { [Name in keyof typeof recordSchemas]: z.infer<(typeof recordSchemas)[Name]>[] };
export type CollectionName = keyof StoreData;
export const COLLECTION_NAMES = Object.keys(recordSchemas) as CollectionName[];

export function emptyStoreData(): StoreData {
  return {
    enquiries: [],
    spam: [],
    users: [],
    alerts: [],
    sessions: [],
    notes: [],
    audit: [],
    tallies: [],
    operatorAlerts: [],
    messages: [],
    mailboxCursors: [],
  };
}

const formatOf = <Format extends string>(format: Format) =>
  z.strictObject({ format: z.literal(format), version: z.number().int(), generation: z.number().int().nonnegative() });

/** The document's frame, checked first: an older version is named as such rather than as a shape it does not match. */
export const documentFrameSchema = formatOf(STORE_FORMAT).loose();
/**
 * The document without its records, which are checked one by one (see
 * readDocument). The inbox's collections came later in this version: a
 * document without them has none yet; the same for the tallies, the
 * operator alerts, the enquiries' messages and the mailbox cursors.
 */
export const documentSchema = formatOf(STORE_FORMAT).extend({
  enquiries: z.array(z.unknown()),
  spam: z.array(z.unknown()),
  users: z.array(z.unknown()),
  alerts: z.array(z.unknown()),
  sessions: z.array(z.unknown()).default([]),
  notes: z.array(z.unknown()).default([]),
  audit: z.array(z.unknown()).default([]),
  tallies: z.array(z.unknown()).default([]),
  operatorAlerts: z.array(z.unknown()).default([]),
  messages: z.array(z.unknown()).default([]),
  mailboxCursors: z.array(z.unknown()).default([]),
});
export const journalHeaderSchema = formatOf(JOURNAL_FORMAT);

/** One change: a record added (in its place by time, see applyEntry) or put in place of the one with its id, or a record deleted. */
export type JournalEntry =
  | { [Name in CollectionName]: { op: 'add' | 'put'; collection: Name; record: StoreData[Name][number] } }[CollectionName]
  | { op: 'delete'; collection: CollectionName; id: string };

const changeSchema = z.discriminatedUnion(
  'collection',
  COLLECTION_NAMES.map((name) =>
    z.strictObject({ op: z.enum(['add', 'put']), collection: z.literal(name), record: recordSchemas[name] }),
  ) as unknown as [z.ZodObject<{ collection: z.ZodLiteral<CollectionName> }>],
);
const journalEntrySchema = z.discriminatedUnion('op', [
  changeSchema,
  z.strictObject({ op: z.literal('delete'), collection: z.enum(COLLECTION_NAMES), id: z.string() }),
]) as unknown as z.ZodType<JournalEntry>;

/** Every journal line after the first: one change, or several that belong together. */
export const journalLineSchema = z.union([
  journalEntrySchema,
  z.strictObject({ op: z.literal('batch'), entries: z.array(journalEntrySchema).min(2) }),
]);
