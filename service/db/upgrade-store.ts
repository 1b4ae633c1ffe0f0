/**
 * `npm run enquiries -- migrate`: rewrites a store of an older format
 * (versions 1 to 4) in this one, once, under the lock. They differ from it
 * thus: version 1 had no alerts; version 2 no `locale` (English, as it still
 * reads); version 4 wrote a sent alert short in the document (without what
 * its sending settled: no next attempt, no error, the last attempt was the
 * sending) and, while it folded, set the document's own journal aside as
 * db.journal.previous.jsonl, with the next generation's journal beside it.
 */
import { rm } from 'node:fs/promises';
import { z } from 'zod';
import { StoreFileError } from '../store-interface';
import { writeFileDurably } from './durable-fs';
import { emptyStoreData, FORMAT_VERSION, STORE_FORMAT, type StoreData } from './schema';
import {
  applyJournalLines,
  checkRecords,
  describeIssue,
  documentPieces,
  journalHeader,
  parseJson,
  readJournal,
  readTextOrNull,
  storeFilesFor,
} from './store-files';
import { lockStore } from './store-lock';

const oldDocumentSchema = z.object({
  format: z.literal(STORE_FORMAT),
  version: z.number().int().min(1).max(FORMAT_VERSION),
  generation: z.number().int().nonnegative(),
  enquiries: z.array(z.unknown()),
  spam: z.array(z.unknown()),
  users: z.array(z.unknown()),
  alerts: z.array(z.unknown()).default([]),
});

/** A version 4 sent alert, short: made whole. */
function wholeAlert(alert: unknown): unknown {
  if (typeof alert !== 'object' || alert === null || 'lastAttemptAt' in alert || !('sentAt' in alert)) return alert;
  return { ...alert, nextAttemptAt: null, lastAttemptAt: alert.sentAt, lastError: null };
}

export type UpgradeResult = { upgraded: false; found: boolean } | { upgraded: true; from: number; data: StoreData };

export async function upgradeFileStore(dbFile: string): Promise<UpgradeResult> {
  const files = storeFilesFor(dbFile);
  const previousJournal = files.journal.replace(/\.jsonl$/, '.previous.jsonl');
  const release = await lockStore(dbFile);
  try {
    const text = await readTextOrNull(files.document);
    if (text === null) return { upgraded: false, found: false };
    const old = oldDocumentSchema.safeParse(parseJson(files.document, text));
    if (!old.success) throw new StoreFileError(files.document, describeIssue(old.error));
    const { version, generation, enquiries, spam, users, alerts } = old.data;
    if (version === FORMAT_VERSION) return { upgraded: false, found: true };
    const data = checkRecords(files.document, { ...emptyStoreData(), enquiries, spam, users, alerts: alerts.map(wholeAlert) });
    // The document's own journal, then the next generation's if it was set aside; an older one is folded in already.
    let expected = generation;
    for (const file of [previousJournal, files.journal]) {
      const journal = await readJournal(file);
      if (journal === null || journal.generation < expected) continue;
      if (journal.generation > expected) throw new StoreFileError(file, `extends generation ${journal.generation}, not ${expected}`);
      applyJournalLines(file, journal.lines, data);
      expected += 1;
    }
    await writeFileDurably(files.document, documentPieces(data, expected));
    await writeFileDurably(files.journal, journalHeader(expected));
    await rm(previousJournal, { force: true });
    return { upgraded: true, from: version, data };
  } finally {
    await release();
  }
}
