/**
 * The store's on-disk format, and reading it back.
 *
 * Two human-readable files beside each other (DB_FILE = data/db.json):
 * - data/db.json, the snapshot: one JSON document with one record per line,
 *   stamped with a generation number.
 * - data/db.journal.jsonl, the journal: JSON Lines. Line 1 names the snapshot
 *   generation it extends; each later line adds a record or replaces an
 *   alert, or does several of these together (an enquiry and its alerts).
 * The store is the snapshot plus the journal entries of the same generation.
 * Compaction writes generation N+1 as a new snapshot and only then starts a
 * new journal, so a crash between the two leaves a journal of generation N,
 * which is recognised as already folded in and ignored.
 */
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import {
  COLLECTION_NAMES,
  FORMAT_VERSION,
  JOURNAL_FORMAT,
  STORE_FORMAT,
  emptyStoreData,
  journalHeaderSchema,
  journalLineSchema,
  recordSchemas,
  snapshotFrameSchema,
  type JournalEntry,
  type StoreData,
} from './schema';

export interface StoreFiles {
  snapshot: string;
  journal: string;
  lock: string;
}

export function storeFilesFor(dbFile: string): StoreFiles {
  const base = dbFile.replace(/\.json$/i, '');
  return { snapshot: dbFile, journal: `${base}.journal.jsonl`, lock: `${dbFile}.lock` };
}

/** A data file that cannot be used as it is. The message names the file and the problem. */
export class StoreFileError extends Error {
  override name = 'StoreFileError';
  constructor(
    readonly file: string,
    readonly problem: string,
    /** True when re-reading may succeed: a compaction replaced the files while we read them. */
    readonly transient = false,
  ) {
    super(`${file}: ${problem}`);
  }
}

export function serializeSnapshot(data: StoreData, generation: number): string {
  const head = JSON.stringify({ format: STORE_FORMAT, version: FORMAT_VERSION, generation }).slice(0, -1);
  const collections = COLLECTION_NAMES.map((name) => {
    const records = data[name];
    const body = records.length === 0 ? '' : `\n${records.map((record) => JSON.stringify(record)).join(',\n')}\n`;
    return `${JSON.stringify(name)}:[${body}]`;
  });
  return `${head},\n${collections.join(',\n')}\n}\n`;
}

export function serializeJournalHeader(generation: number): string {
  return `${JSON.stringify({ format: JOURNAL_FORMAT, version: FORMAT_VERSION, generation })}\n`;
}

/** One journal line holding `entries`, which are applied together or not at all. */
export function serializeJournalLine(entries: readonly JournalEntry[]): string {
  const line = entries.length === 1 ? entries[0] : { op: 'batch', entries };
  return `${JSON.stringify(line)}\n`;
}

/** Applies journal entries to `data`; `alertIndex` maps alert ids to their position and is kept up to date. */
export function applyJournalEntries(data: StoreData, entries: readonly JournalEntry[], alertIndex: Map<string, number>): void {
  for (const entry of entries) {
    if (entry.op === 'put') {
      const position = alertIndex.get(entry.record.id);
      if (position !== undefined) {
        data.alerts[position] = entry.record;
        continue;
      }
    }
    if (entry.collection === 'alerts') alertIndex.set(entry.record.id, data.alerts.length);
    (data[entry.collection] as unknown[]).push(entry.record);
  }
}

export function indexAlerts(data: StoreData): Map<string, number> {
  return new Map(data.alerts.map((alert, position) => [alert.id, position]));
}

function describeIssue(error: z.ZodError, pathPrefix: PropertyKey[] = []): string {
  const issue = error.issues[0];
  if (!issue) return 'does not match the expected shape';
  const path = [...pathPrefix, ...issue.path];
  const where = path.length > 0 ? ` at ${path.map(String).join('.')}` : '';
  return `does not match the expected shape${where}: ${issue.message}`;
}

async function readTextOrNull(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new StoreFileError(file, `cannot be read (${(error as Error).message})`);
  }
}

function parseJson(file: string, text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new StoreFileError(file, `${where}is not valid JSON (${(error as Error).message})`);
  }
}

async function readSnapshot(file: string): Promise<{ data: StoreData; generation: number } | null> {
  const text = await readTextOrNull(file);
  if (text === null) return null;
  const frame = snapshotFrameSchema.safeParse(parseJson(file, text, ''));
  if (!frame.success) throw new StoreFileError(file, describeIssue(frame.error));
  // Each record is checked where it lies and kept as JSON.parse made it: the record
  // schemas transform nothing and refuse unknown keys, so a record that passes is
  // already its own parse result, and the store is never held twice in memory.
  for (const name of COLLECTION_NAMES) {
    frame.data[name].forEach((record, index) => {
      const checked = recordSchemas[name].safeParse(record);
      if (!checked.success) throw new StoreFileError(file, describeIssue(checked.error, [name, index]));
    });
  }
  const { enquiries, spam, users, alerts, generation } = frame.data;
  return { data: { enquiries, spam, users, alerts } as StoreData, generation };
}

export interface LoadedStore {
  data: StoreData;
  generation: number;
  /** False when the snapshot file did not exist yet. */
  snapshotFound: boolean;
  /** Journal entries applied on top of the snapshot. */
  journalEntries: number;
  /** A last line without its newline (a write cut short by a crash) was dropped. */
  tornTailDropped: boolean;
  /** The journal on disk is exactly an empty journal of this generation. */
  journalIsClean: boolean;
}

/**
 * Reads the snapshot and applies the journal. Throws a StoreFileError for
 * anything but a torn last line, and never writes.
 */
export async function loadStoreFiles(files: StoreFiles): Promise<LoadedStore> {
  const snapshot = await readSnapshot(files.snapshot);
  const data = snapshot?.data ?? emptyStoreData();
  const generation = snapshot?.generation ?? 0;
  const loaded: LoadedStore = {
    data,
    generation,
    snapshotFound: snapshot !== null,
    journalEntries: 0,
    tornTailDropped: false,
    journalIsClean: false,
  };

  const text = await readTextOrNull(files.journal);
  if (text === null || text === '') return loaded;
  const lines = text.split('\n');
  // Every line we write ends with "\n": whatever follows the last one is a torn write.
  loaded.tornTailDropped = lines.pop() !== '';
  const [headerLine, ...entryLines] = lines;
  if (headerLine === undefined) return loaded;

  const header = journalHeaderSchema.safeParse(parseJson(files.journal, headerLine, 'line 1 '));
  if (!header.success) throw new StoreFileError(files.journal, `line 1 ${describeIssue(header.error)}`);
  if (header.data.generation < generation) return loaded; // already folded into the snapshot
  if (header.data.generation > generation) {
    throw new StoreFileError(
      files.journal,
      `extends snapshot generation ${header.data.generation}, but ${files.snapshot} is generation ${generation}` +
        `${snapshot ? '' : ' (missing)'}: the snapshot is missing or older than the journal`,
      true,
    );
  }

  const alertIndex = indexAlerts(data);
  entryLines.forEach((line, index) => {
    const where = `line ${index + 2} `;
    const raw = parseJson(files.journal, line, where);
    const parsed = journalLineSchema.safeParse(raw);
    if (!parsed.success) throw new StoreFileError(files.journal, `${where}${describeIssue(parsed.error)}`);
    // Records are kept as parsed, like the snapshot's (see readSnapshot).
    const rawLine = raw as JournalEntry | { op: 'batch'; entries: JournalEntry[] };
    applyJournalEntries(data, rawLine.op === 'batch' ? rawLine.entries : [rawLine], alertIndex);
  });
  loaded.journalEntries = entryLines.length;
  loaded.journalIsClean = entryLines.length === 0 && !loaded.tornTailDropped;
  return loaded;
}
