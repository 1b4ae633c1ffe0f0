/** Writing the store's files as schema.ts describes them, and reading them back, checked. */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
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
  type CollectionName,
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

type Row = { [field: string]: unknown; id?: string; createdAt?: string };

const newer = (a: Row, b: Row) => (a.createdAt ?? '') > (b.createdAt ?? '');

/**
 * Applies one change to the data; returns what undoes it. A record added
 * goes after the last one not newer than it: nearly always at the end, and
 * a held record released as an enquiry goes back to its time.
 */
export function applyEntry(data: StoreData, entry: JournalEntry): () => void {
  const records: Row[] = data[entry.collection];
  // What undoes it finds the record anew: other changes may have moved it, or replaced the collection.
  const undo = (record: Row, old?: Row) => () => {
    const now: Row[] = data[entry.collection];
    const at = now.lastIndexOf(record);
    if (at !== -1 && old !== undefined) now[at] = old;
    else if (at !== -1) now.splice(at, 1);
  };
  if (entry.op !== 'add') {
    const id = entry.op === 'delete' ? entry.id : (entry.record as Row).id;
    const at = records.findLastIndex((record) => record.id === id); // changes are nearly always to recent records
    if (entry.op === 'delete') {
      if (at === -1) return () => {};
      const [old] = records.splice(at, 1);
      return () => applyEntry(data, { op: 'add', collection: entry.collection, record: old } as JournalEntry);
    }
    if (at !== -1) {
      const old = records[at]!;
      records[at] = entry.record;
      return undo(entry.record, old);
    }
  }
  let at = records.length;
  while (at > 0 && newer(records[at - 1]!, entry.record)) at -= 1;
  records.splice(at, 0, entry.record);
  return undo(entry.record);
}

export function describeIssue(error: z.ZodError, within: PropertyKey[] = []): string {
  const issue = error.issues[0];
  const path = [...within, ...(issue?.path ?? [])];
  const where = path.length > 0 ? ` at ${path.map(String).join('.')}` : '';
  return `does not match the expected shape${where}${issue ? `: ${issue.message}` : ''}`;
}

const cannotRead = (file: string, error: unknown) => new StoreFileError(file, `cannot be read (${(error as Error).message})`);

/** The file's text, or null when it does not exist. */
export async function readTextOrNull(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw cannotRead(file, error);
  }
}

export function parseJson(file: string, text: string, where = ''): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new StoreFileError(file, `${where}is not valid JSON (${(error as Error).message})`);
  }
}

const COLLECTION_OPENING = /^"(\w+)":\[(\],?)?$/;

/**
 * The document as documentPieces lays it out, parsed a line (a record) at a
 * time: reading it whole would hold its text, tens of MB, and JSON.parse's
 * garbage at once. Undefined when it is laid out otherwise (or is not JSON),
 * which readDocument then parses whole.
 */
async function readDocumentLines(file: string): Promise<Record<string, unknown> | undefined> {
  let document: Record<string, unknown> | undefined;
  let records: unknown[] = [];
  /** What the next line must be, as JSON requires after the one before. */
  let expected: 'collection' | 'record' | 'close' | 'end' | 'nothing' = 'collection';
  const input = createReadStream(file);
  try {
    for await (const line of createInterface({ input, crlfDelay: Infinity })) {
      if (document === undefined) {
        const frame: unknown = line.endsWith(',') ? JSON.parse(`${line.slice(0, -1)}}`) : null;
        if (typeof frame !== 'object' || frame === null || Array.isArray(frame) || Object.keys(frame).length === 0) return undefined;
        document = frame as Record<string, unknown>;
      } else if (expected === 'record') {
        records.push(JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line));
        expected = line.endsWith(',') ? 'record' : 'close';
      } else if (expected === 'collection') {
        const [, name, empty] = COLLECTION_OPENING.exec(line) ?? [];
        if (!COLLECTION_NAMES.includes(name as CollectionName)) return undefined;
        document[name!] = records = [];
        expected = empty === undefined ? 'record' : empty === ']' ? 'end' : 'collection';
      } else if (expected === 'close' && (line === ']' || line === '],')) expected = line === ']' ? 'end' : 'collection';
      else if (expected === 'end' && line === '}') expected = 'nothing';
      else if (expected !== 'nothing' || line.trim() !== '') return undefined;
    }
  } finally {
    input.destroy();
  }
  return expected === 'nothing' ? document : undefined;
}

export const OLDER_FORMAT = 'is in an older format: run `npm run enquiries -- migrate` once to upgrade it';

/** The document's data and generation; null when there is none yet. */
export async function readDocument(file: string): Promise<{ data: StoreData; generation: number } | null> {
  let raw: unknown;
  try {
    raw = await readDocumentLines(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code !== undefined) throw cannotRead(file, error);
  }
  if (raw === undefined) {
    const text = await readTextOrNull(file);
    if (text === null) return null;
    raw = parseJson(file, text);
  }
  const frame = documentFrameSchema.safeParse(raw);
  if (frame.success && frame.data.version < FORMAT_VERSION) throw new StoreFileError(file, OLDER_FORMAT);
  if (frame.success && frame.data.version > FORMAT_VERSION) {
    throw new StoreFileError(file, `is in a newer format (version ${frame.data.version}) than this service reads`);
  }
  const document = documentSchema.safeParse(raw);
  if (!document.success) throw new StoreFileError(file, describeIssue(document.error));
  const { format: _format, version: _version, generation, ...data } = document.data;
  return { data: checkRecords(file, data), generation };
}

/** The data, checked record by record against records.ts. */
export function checkRecords(file: string, data: Record<CollectionName, unknown[]>): StoreData {
  // Keeping what JSON.parse made: the schemas transform nothing, so a record that passes is
  // its own parse result, and zod's copies die young instead of doubling the store in memory.
  for (const name of COLLECTION_NAMES) {
    data[name].forEach((record, index) => {
      const checked = recordSchemas[name].safeParse(record);
      if (!checked.success) throw new StoreFileError(file, describeIssue(checked.error, [name, index]));
    });
  }
  return data as StoreData;
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
  lines.forEach((text, index) => {
    const where = `line ${index + 2} `;
    const line = journalLineSchema.safeParse(parseJson(file, text, where));
    if (!line.success) throw new StoreFileError(file, `${where}${describeIssue(line.error)}`);
    for (const entry of line.data.op === 'batch' ? line.data.entries : [line.data]) applyEntry(data, entry);
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
