/**
 * What the start does with the snapshot's records as they are read, a chunk
 * of the file at a time (see snapshot-lines.ts): checks each against its
 * schema, and makes each sent alert read short whole (see sent-alerts.ts).
 * Done while the records are fresh in the processor's caches, and before the
 * garbage collector has copied a short alert's parse result and its copies
 * of its enquiry's strings out of the young generation, this costs less than
 * a pass over 200,000 records after the whole file.
 */
import type { z } from 'zod';
import { snapshotRecordProblem } from './record-checks';
import { COLLECTION_NAMES, type CollectionName, type EnquiryRecord, type ShortSentAlert } from './schema';
import { isShortSentAlert, wholeSentAlert } from './sent-alerts';
import { enquiryFinder } from './share-alert-strings';
import type { OnRecords } from './snapshot-lines';

export interface SnapshotRecords {
  /** Takes the records of a collection from position `from` on, which the file has just given. */
  take: OnRecords;
  /** The first record that does not match its schema, in the collections' order, or null. */
  firstProblem(): { error: z.ZodError; path: [CollectionName, number] } | null;
}

const isCollectionName = (name: string): name is CollectionName => (COLLECTION_NAMES as readonly string[]).includes(name);

export function snapshotRecords(): SnapshotRecords {
  const problems = new Map<CollectionName, { error: z.ZodError; index: number }>();
  let enquiries: readonly EnquiryRecord[] = [];
  let enquiryOf: ReturnType<typeof enquiryFinder> | null = null;
  return {
    take(collection, records, from) {
      // Another collection makes the frame check refuse the file; a problem already found stops the start.
      if (!isCollectionName(collection) || problems.has(collection)) return;
      // The same array grows as the file goes on; the alerts come after it.
      if (collection === 'enquiries') enquiries = records as EnquiryRecord[];
      for (let index = from; index < records.length; index += 1) {
        const record = records[index];
        const error = snapshotRecordProblem(collection, record);
        if (error) {
          problems.set(collection, { error, index });
          return;
        }
        if (collection === 'alerts' && isShortSentAlert(record as ShortSentAlert)) {
          enquiryOf ??= enquiryFinder(enquiries);
          records[index] = wholeSentAlert(record as ShortSentAlert, enquiryOf((record as ShortSentAlert).enquiryId));
        }
      }
    },
    firstProblem() {
      for (const name of COLLECTION_NAMES) {
        const problem = problems.get(name);
        if (problem) return { error: problem.error, path: [name, problem.index] };
      }
      return null;
    },
  };
}
