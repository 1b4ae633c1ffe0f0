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

export type StoreFiles = ReturnType<typeof storeFilesFor>;

export function storeFilesFor(dbFile: string) {
  return { document: dbFile, journal: `${dbFile.replace(/\.json$/i, '')}.journal.jsonl` };
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

/**
 * Applies one change to the data; returns what undoes it. A record added
 * goes after the last one not newer than it: nearly always at the end, and
 * a held record released as an enquiry goes back to its time.
 */
export function applyEntry(data: StoreData, entry: JournalEntry): () => void {
  const records: Row[] = data[entry.collection];
  const id = entry.op === 'delete' ? entry.id : (entry.record as Row).id;
  // Changes are nearly always to recent records.
  const at = entry.op === 'add' ? -1 : records.findLastIndex((record) => record.id === id);
  const old = records[at];
  if (entry.op === 'delete') {
    if (old === undefined) return () => {};
    records.splice(at, 1);
    return () => applyEntry(data, { op: 'add', collection: entry.collection, record: old } as JournalEntry);
  }
  const record: Row = entry.record;
  if (old !== undefined) records[at] = record;
  else {
    let to = records.length;
    while (to > 0 && (records[to - 1]!.createdAt ?? '') > (record.createdAt ?? '')) to -= 1;
    records.splice(to, 0, record);
  }
  // What undoes it finds the record anew: other changes may have moved it, or replaced the collection.
  return () => {
    const now: Row[] = data[entry.collection];
    const where = now.lastIndexOf(record);
    if (where !== -1 && old !== undefined) now[where] = old;
    else if (where !== -1) now.splice(where, 1);
  };
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

const parsedOrNull = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

const OLDER_FORMAT = 'is in an older format: run `npm run enquiries -- migrate` once to upgrade it';

/**
 * The document's data and generation; null when there is none yet. It is
 * read a line at a time: whole, its text (tens of MB) and JSON.parse's
 * garbage would be held at once. A line that is a whole object, as
 * documentPieces writes each record, is parsed alone and stands as 0 in the
 * rest, whose own JSON.parse then checks what holds the records together.
 */
async function readDocument(file: string): Promise<{ data: StoreData; generation: number } | null> {
  const frame: string[] = [];
  const records: unknown[] = [];
  try {
    for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
      const record = frame.length > 0 && line.startsWith('{') ? parsedOrNull(line.replace(/,$/, '')) : null;
      if (record !== null) records.push(record);
      frame.push(record === null ? line : line.endsWith(',') ? '0,' : '0');
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw cannotRead(file, error);
  }
  let raw = parsedOrNull(frame.join('\n'));
  let next = 0;
  for (const value of typeof raw === 'object' && raw !== null ? Object.values(raw) : []) {
    if (!Array.isArray(value)) continue;
    for (const [index, item] of value.entries()) if (item === 0) value[index] = records[next++];
  }
  // Laid out otherwise, or not JSON: parsed whole, so that an error names its place in the file.
  if (raw === null || next !== records.length) raw = parseJson(file, (await readTextOrNull(file)) ?? '');
  const frameCheck = documentFrameSchema.safeParse(raw);
  const version = frameCheck.success ? frameCheck.data.version : FORMAT_VERSION;
  if (version < FORMAT_VERSION) throw new StoreFileError(file, OLDER_FORMAT);
  if (version > FORMAT_VERSION) throw new StoreFileError(file, `is in a newer format (version ${version}) than this service reads`);
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

/** The journal's header and lines (torn: a last line without its newline, a write cut short, was dropped); null when missing or empty. */
export async function readJournal(file: string) {
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

/**
 * Reads the document and applies its journal; never writes. Throws
 * StoreFileError for anything but a torn last line. `found` is false when
 * neither file exists yet; `clean` when they are exactly a document and an
 * empty journal of its generation, with nothing to fold at start.
 */
export async function loadStoreFiles(files: StoreFiles) {
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
