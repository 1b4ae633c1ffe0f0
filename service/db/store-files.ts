/**
 * The store's on-disk format, and reading it back.
 *
 * Human-readable files beside each other (DB_FILE = data/db.json):
 * - data/db.json, the snapshot: one JSON document with one record per line,
 *   stamped with a generation number.
 * - data/db.journal.jsonl, the journal: JSON Lines. Line 1 names the snapshot
 *   generation it extends; each later line adds a record or replaces an
 *   alert, or does several of these together (an enquiry and its alerts).
 * - data/db.journal.previous.jsonl, only while a checkpoint writes the next
 *   snapshot: the journal of the current snapshot, set aside so that
 *   appends go on in a new journal meanwhile.
 * The store is the snapshot, plus the previous journal of the same
 * generation if there is one, plus the journal of the generation after that.
 * A compaction writes generation N+1 as a new snapshot and only then starts
 * a new journal or removes the previous one, so a crash between the two
 * leaves a journal of generation N, which is recognised as already folded
 * in and ignored.
 */
import { open, readFile, type FileHandle } from 'node:fs/promises';
import type { z } from 'zod';
import {
  COLLECTION_NAMES,
  FORMAT_VERSION,
  JOURNAL_FORMAT,
  STORE_FORMAT,
  emptyStoreData,
  journalHeaderSchema,
  snapshotFrameSchema,
  type AlertRecord,
  type CollectionName,
  type JournalEntry,
  type StoreData,
} from './schema';
import { journalLineProblem } from './record-checks';
import { snapshotAlert } from './sent-alerts';
import { readSnapshotLines } from './snapshot-lines';
import { snapshotRecords, type SnapshotRecords } from './snapshot-records';

export interface StoreFiles {
  snapshot: string;
  journal: string;
  previousJournal: string;
  lock: string;
}

export function storeFilesFor(dbFile: string): StoreFiles {
  const base = dbFile.replace(/\.json$/i, '');
  return {
    snapshot: dbFile,
    journal: `${base}.journal.jsonl`,
    previousJournal: `${base}.journal.previous.jsonl`,
    lock: `${dbFile}.lock`,
  };
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

/** A record as the snapshot holds it: a sent alert short (see sent-alerts.ts), any other as it is. */
function snapshotRecord(collection: CollectionName, record: StoreData[CollectionName][number]) {
  return collection === 'alerts' ? snapshotAlert(record as AlertRecord) : record;
}

/**
 * The snapshot's text in pieces of at most `recordsPerPiece` records, so that
 * a writer can let other work run between them.
 */
export function* snapshotPieces(data: StoreData, generation: number, recordsPerPiece = 1_000): Generator<string> {
  yield `${JSON.stringify({ format: STORE_FORMAT, version: FORMAT_VERSION, generation }).slice(0, -1)},\n`;
  for (const [index, name] of COLLECTION_NAMES.entries()) {
    const records = data[name];
    yield `${JSON.stringify(name)}:[${records.length === 0 ? '' : '\n'}`;
    for (let start = 0; start < records.length; start += recordsPerPiece) {
      const piece = records.slice(start, start + recordsPerPiece).map((record) => JSON.stringify(snapshotRecord(name, record)));
      const last = start + recordsPerPiece >= records.length;
      yield `${piece.join(',\n')}${last ? '\n' : ',\n'}`;
    }
    yield index < COLLECTION_NAMES.length - 1 ? '],\n' : ']\n}\n';
  }
}

export function serializeJournalHeader(generation: number): string {
  return `${JSON.stringify({ format: JOURNAL_FORMAT, version: FORMAT_VERSION, generation })}\n`;
}

/** One journal line holding `entries`, which are applied together or not at all. */
export function serializeJournalLine(entries: readonly JournalEntry[]): string {
  const line = entries.length === 1 ? entries[0] : { op: 'batch', entries };
  return `${JSON.stringify(line)}\n`;
}

/** Applies journal entries to `data`; `alertIndex` (see indexAlerts) is kept up to date. */
export function applyJournalEntries(data: StoreData, entries: readonly JournalEntry[], alertIndex: Map<string, number>): void {
  for (const entry of entries) {
    if (entry.op === 'put') {
      const { id } = entry.record;
      // The service only ever replaces an alert it indexed; a file written otherwise may name any.
      const position = alertIndex.get(id) ?? data.alerts.findIndex((alert) => alert.id === id);
      if (position !== -1) {
        alertIndex.set(id, position);
        data.alerts[position] = entry.record;
        continue;
      }
    }
    if (entry.collection === 'alerts') alertIndex.set(entry.record.id, data.alerts.length);
    (data[entry.collection] as unknown[]).push(entry.record);
  }
}

/**
 * The position of each alert that can still change, by id: the pending and
 * failed ones. A sent alert is history that nothing replaces, and a store
 * of 100,000 enquiries holds about as many; hashing their ids at every start
 * was time spent for nothing. An alert sent since it was indexed keeps its
 * entry, which stays right.
 */
export function indexAlerts(data: StoreData): Map<string, number> {
  const index = new Map<string, number>();
  data.alerts.forEach((alert, position) => {
    if (alert.status !== 'sent') index.set(alert.id, position);
  });
  return index;
}

function describeIssue(error: z.ZodError, pathPrefix: PropertyKey[] = []): string {
  const issue = error.issues[0];
  if (!issue) return 'does not match the expected shape';
  const path = [...pathPrefix, ...issue.path];
  const where = path.length > 0 ? ` at ${path.map(String).join('.')}` : '';
  return `does not match the expected shape${where}: ${issue.message}`;
}

function cannotRead(file: string, error: unknown): StoreFileError {
  return new StoreFileError(file, `cannot be read (${(error as Error).message})`);
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

async function readTextOrNull(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (isMissing(error)) return null;
    throw cannotRead(file, error);
  }
}

async function openOrNull(file: string): Promise<FileHandle | null> {
  try {
    return await open(file, 'r');
  } catch (error) {
    if (isMissing(error)) return null;
    throw cannotRead(file, error);
  }
}

function parseJson(file: string, text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new StoreFileError(file, `${where}is not valid JSON (${(error as Error).message})`);
  }
}

/**
 * The snapshot's document, and its records taken as they came (see
 * snapshot-records.ts): line by line when it is laid out as snapshotPieces()
 * writes it, else parsed whole and then taken collection by collection.
 */
async function readSnapshotDocument(file: string, handle: FileHandle): Promise<{ document: unknown; records: SnapshotRecords }> {
  const reading = <T>(promise: Promise<T>) =>
    promise.catch((error: unknown) => {
      throw cannotRead(file, error);
    });
  const byLines = snapshotRecords();
  const document = await reading(readSnapshotLines(handle, { onRecords: byLines.take }));
  if (document !== undefined) return { document, records: byLines };
  const whole = parseJson(file, await reading(handle.readFile('utf8')), '');
  const records = snapshotRecords();
  for (const name of COLLECTION_NAMES) {
    const collection = (whole as Record<string, unknown> | null)?.[name];
    if (Array.isArray(collection)) records.take(name, collection, 0);
  }
  return { document: whole, records };
}

async function readSnapshot(file: string): Promise<{ data: StoreData; generation: number; version: number } | null> {
  const handle = await openOrNull(file);
  if (handle === null) return null;
  let read: Awaited<ReturnType<typeof readSnapshotDocument>>;
  try {
    read = await readSnapshotDocument(file, handle);
  } finally {
    await handle.close();
  }
  const frame = snapshotFrameSchema.safeParse(read.document);
  if (!frame.success) throw new StoreFileError(file, describeIssue(frame.error));
  // Each record is checked where it lies and kept as JSON.parse made it (but for sent
  // alerts read short, made whole): the record schemas transform nothing and refuse
  // unknown keys, so a record that passes is already its own parse result, and the
  // store is never held twice in memory.
  const problem = read.records.firstProblem();
  if (problem) throw new StoreFileError(file, describeIssue(problem.error, problem.path));
  const { enquiries, spam, users, alerts, generation, version } = frame.data;
  return { data: { enquiries, spam, users, alerts } as StoreData, generation, version };
}

export interface LoadedStore {
  data: StoreData;
  generation: number;
  /** False when the snapshot file did not exist yet. */
  snapshotFound: boolean;
  /** False when there was no journal file (a checkpoint switching journals, or a snapshot copied alone). */
  journalFound: boolean;
  /** Journal entries applied on top of the snapshot (previous journal included). */
  journalEntries: number;
  /** A last line without its newline (a write cut short by a crash) was dropped. */
  tornTailDropped: boolean;
  /**
   * The files are exactly a snapshot and an empty journal of its generation,
   * both in this code's format version (older ones are rewritten at start, so
   * that an older service refuses them by their version).
   */
  journalIsClean: boolean;
}

/** Reads a journal's lines; null when the file is missing or empty. */
async function readJournal(file: string) {
  const text = await readTextOrNull(file);
  if (text === null || text === '') return null;
  const lines = text.split('\n');
  // Every line we write ends with "\n": whatever follows the last one is a torn write.
  const torn = lines.pop() !== '';
  const [headerLine, ...entryLines] = lines;
  if (headerLine === undefined) return { generation: null, version: null, entryLines, torn };
  const header = journalHeaderSchema.safeParse(parseJson(file, headerLine, 'line 1 '));
  if (!header.success) throw new StoreFileError(file, `line 1 ${describeIssue(header.error)}`);
  return { generation: header.data.generation, version: header.data.version, entryLines, torn };
}

function applyJournalLines(file: string, entryLines: readonly string[], data: StoreData, alertIndex: Map<string, number>) {
  entryLines.forEach((line, index) => {
    const where = `line ${index + 2} `;
    const raw = parseJson(file, line, where);
    const problem = journalLineProblem(raw);
    if (problem) throw new StoreFileError(file, `${where}${describeIssue(problem)}`);
    // Records are kept as parsed, like the snapshot's (see readSnapshot).
    const rawLine = raw as JournalEntry | { op: 'batch'; entries: JournalEntry[] };
    applyJournalEntries(data, rawLine.op === 'batch' ? rawLine.entries : [rawLine], alertIndex);
  });
}

function newerThanSnapshot(file: string, generation: number, files: StoreFiles, snapshotGeneration: number, found: boolean) {
  return new StoreFileError(
    file,
    `extends snapshot generation ${generation}, but ${files.snapshot} is generation ${snapshotGeneration}` +
      `${found ? '' : ' (missing)'}: the snapshot is missing or older than the journal`,
    true,
  );
}

/**
 * Reads the snapshot and applies the journals. Throws a StoreFileError for
 * anything but a torn last line, and never writes.
 */
export async function loadStoreFiles(files: StoreFiles): Promise<LoadedStore> {
  const snapshot = await readSnapshot(files.snapshot);
  const data = snapshot?.data ?? emptyStoreData();
  const generation = snapshot?.generation ?? 0;
  const found = snapshot !== null;
  const loaded: LoadedStore = {
    data,
    generation,
    snapshotFound: found,
    journalFound: false,
    journalEntries: 0,
    tornTailDropped: false,
    journalIsClean: false,
  };
  const alertIndex = indexAlerts(data);

  // A checkpoint in progress (or cut short): the snapshot's own journal, set aside.
  let expected = generation;
  const previous = await readJournal(files.previousJournal);
  if (previous !== null && previous.generation !== null && previous.generation >= generation) {
    if (previous.generation > generation) throw newerThanSnapshot(files.previousJournal, previous.generation, files, generation, found);
    applyJournalLines(files.previousJournal, previous.entryLines, data, alertIndex);
    loaded.journalEntries += previous.entryLines.length;
    loaded.tornTailDropped = previous.torn;
    expected = generation + 1;
  }

  const journal = await readJournal(files.journal);
  loaded.journalFound = journal !== null;
  if (journal === null || journal.generation === null) return loaded;
  loaded.tornTailDropped ||= journal.torn;
  // Already folded into the snapshot (a compaction stopped before it started the new journal).
  if (journal.generation < expected && expected === generation) return loaded;
  if (journal.generation !== expected) throw newerThanSnapshot(files.journal, journal.generation, files, generation, found);
  applyJournalLines(files.journal, journal.entryLines, data, alertIndex);
  loaded.journalEntries += journal.entryLines.length;
  loaded.journalIsClean =
    previous === null &&
    journal.entryLines.length === 0 &&
    !journal.torn &&
    snapshot?.version === FORMAT_VERSION &&
    journal.version === FORMAT_VERSION;
  return loaded;
}
