/** Writing the store's files as schema.ts describes them, and reading them back, checked. */
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { StoreFileError } from '../store-interface';
import {
  COLLECTION_NAMES,
  FORMAT_VERSION,
  JOURNAL_FORMAT,
  STORE_FORMAT,
  documentFrameSchema,
  documentSchema,
  emptyStoreData,
  recordSchemas,
  journalHeaderSchema,
  journalLineSchema,
  type JournalEntry,
  type StoreData,
} from './schema';

export interface StoreFiles {
  document: string;
  journal: string;
  lock: string;
}

export function storeFilesFor(dbFile: string): StoreFiles {
  return { document: dbFile, journal: `${dbFile.replace(/\.json$/i, '')}.journal.jsonl`, lock: `${dbFile}.lock` };
}

/** The document's text, a collection at a time, so that the store is never one string of its whole size. */
export function* documentPieces(data: StoreData, generation: number): Generator<string> {
  yield `${JSON.stringify({ format: STORE_FORMAT, version: FORMAT_VERSION, generation }).slice(0, -1)},\n`;
  for (const [index, name] of COLLECTION_NAMES.entries()) {
    const lines = data[name].map((record) => JSON.stringify(record));
    yield `${JSON.stringify(name)}:[${lines.length > 0 ? `\n${lines.join(',\n')}\n` : ''}${index < COLLECTION_NAMES.length - 1 ? '],\n' : ']\n}\n'}`;
  }
}

export function journalHeader(generation: number): string {
  return `${JSON.stringify({ format: JOURNAL_FORMAT, version: FORMAT_VERSION, generation })}\n`;
}

/** One journal line holding `entries`, which are applied together or not at all. */
export function journalLine(entries: readonly JournalEntry[]): string {
  return `${JSON.stringify(entries.length === 1 ? entries[0] : { op: 'batch', entries })}\n`;
}

/**
 * The position of each alert that can still change, by id: the pending and
 * failed ones. A sent alert is history that the service never replaces.
 */
export function indexAlerts(data: StoreData): Map<string, number> {
  const index = new Map<string, number>();
  data.alerts.forEach((alert, position) => {
    if (alert.status !== 'sent') index.set(alert.id, position);
  });
  return index;
}

export function applyEntries(data: StoreData, entries: readonly JournalEntry[], alertIndex: Map<string, number>): void {
  for (const entry of entries) {
    if (entry.op === 'put') {
      // A file written by other means may replace any alert, a sent one too.
      const position = alertIndex.get(entry.record.id) ?? data.alerts.findIndex((alert) => alert.id === entry.record.id);
      if (position !== -1) {
        alertIndex.set(entry.record.id, position);
        data.alerts[position] = entry.record;
        continue;
      }
    }
    if (entry.collection === 'alerts') alertIndex.set(entry.record.id, data.alerts.length);
    (data[entry.collection] as unknown[]).push(entry.record);
  }
}

export function describeIssue(error: z.ZodError, within: PropertyKey[] = []): string {
  const issue = error.issues[0];
  const path = [...within, ...(issue?.path ?? [])];
  const where = path.length > 0 ? ` at ${path.map(String).join('.')}` : '';
  return `does not match the expected shape${where}${issue ? `: ${issue.message}` : ''}`;
}

/** The file's text, or null when it does not exist. */
export async function readTextOrNull(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new StoreFileError(file, `cannot be read (${(error as Error).message})`);
  }
}

export function parseJson(file: string, text: string, where = ''): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new StoreFileError(file, `${where}is not valid JSON (${(error as Error).message})`);
  }
}

export const OLDER_FORMAT = 'is in an older format: run `npm run enquiries -- migrate` once to upgrade it';

/** The document's data and generation; null when there is none yet. */
export async function readDocument(file: string): Promise<{ data: StoreData; generation: number } | null> {
  const text = await readTextOrNull(file);
  if (text === null) return null;
  const raw = parseJson(file, text);
  const frame = documentFrameSchema.safeParse(raw);
  if (frame.success && frame.data.version < FORMAT_VERSION) throw new StoreFileError(file, OLDER_FORMAT);
  if (frame.success && frame.data.version > FORMAT_VERSION) {
    throw new StoreFileError(file, `is in a newer format (version ${frame.data.version}) than this service reads`);
  }
  const document = documentSchema.safeParse(raw);
  if (!document.success) throw new StoreFileError(file, describeIssue(document.error));
  // Record by record, keeping what JSON.parse made: the schemas transform nothing, so a record that
  // passes is its own parse result, and zod's copies die young instead of doubling the store in memory.
  for (const name of COLLECTION_NAMES) {
    const schema = recordSchemas[name].element;
    document.data[name].forEach((record, index) => {
      const checked = schema.safeParse(record);
      if (!checked.success) throw new StoreFileError(file, describeIssue(checked.error, [name, index]));
    });
  }
  const { format: _format, version: _version, generation, ...data } = document.data;
  return { data: data as StoreData, generation };
}

export interface JournalText {
  generation: number;
  version: number;
  lines: string[];
  /** A last line without its newline (a write cut short by a crash) was dropped. */
  torn: boolean;
}

/** The journal's header and lines; null when it is missing or empty. */
export async function readJournal(file: string): Promise<JournalText | null> {
  const text = await readTextOrNull(file);
  if (!text) return null;
  const lines = text.split('\n');
  // Every line written ends with "\n": whatever follows the last one is a torn write.
  const torn = lines.pop() !== '';
  const [first, ...rest] = lines;
  if (first === undefined) return null;
  const header = journalHeaderSchema.safeParse(parseJson(file, first, 'line 1 '));
  if (!header.success) throw new StoreFileError(file, `line 1 ${describeIssue(header.error)}`);
  return { ...header.data, lines: rest, torn };
}

export function applyJournalLines(file: string, lines: readonly string[], data: StoreData): void {
  const alertIndex = indexAlerts(data);
  lines.forEach((text, index) => {
    const where = `line ${index + 2} `;
    const line = journalLineSchema.safeParse(parseJson(file, text, where));
    if (!line.success) throw new StoreFileError(file, `${where}${describeIssue(line.error)}`);
    applyEntries(data, line.data.op === 'batch' ? line.data.entries : [line.data], alertIndex);
  });
}

export interface LoadedStore {
  data: StoreData;
  generation: number;
  /** False when neither file existed yet. */
  found: boolean;
  /** The files are exactly a document and an empty journal of its generation: nothing to fold at start. */
  clean: boolean;
}

/** Reads the document and applies its journal. Throws StoreFileError for anything but a torn last line; never writes. */
export async function loadStoreFiles(files: StoreFiles): Promise<LoadedStore> {
  const document = await readDocument(files.document);
  const journal = await readJournal(files.journal);
  const data = document?.data ?? emptyStoreData();
  const generation = document?.generation ?? 0;
  const loaded = { data, generation, found: document !== null || journal !== null, clean: false };
  // Older: a fold stopped between the document and the new journal, which the document already holds.
  if (journal === null || journal.generation < generation) return loaded;
  if (journal.version !== FORMAT_VERSION) throw new StoreFileError(files.journal, OLDER_FORMAT);
  if (journal.generation > generation) {
    throw new StoreFileError(
      files.journal,
      `extends generation ${journal.generation}, but ${files.document} is generation ${generation}: the document is missing or older than the journal`,
      true,
    );
  }
  applyJournalLines(files.journal, journal.lines, data);
  return { ...loaded, clean: document !== null && journal.lines.length === 0 && !journal.torn };
}
