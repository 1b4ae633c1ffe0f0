/**
 * A lowdb adapter whose write costs the same at 10 records as at 100,000.
 *
 * lowdb's JSONFile rewrites the whole file on every write and never fsyncs.
 * This adapter instead compares the data it is given with what it has already
 * written: records appended to a collection since the last write become
 * journal lines, and every write waiting at the same moment shares one
 * durable append (group commit). Anything other than an append (a delete)
 * is written as a new snapshot instead (compaction), and so is the state read
 * at start. Records are never edited in place: changing a stored record means
 * replacing it, which compacts.
 */
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { Adapter } from 'lowdb';
import { writeAll, writeFileDurably } from './durable-fs';
import { COLLECTION_NAMES, type CollectionName, emptyStoreData, type StoreData } from './schema';
import {
  loadStoreFiles,
  serializeJournalEntry,
  serializeJournalHeader,
  serializeSnapshot,
  type StoreFiles,
} from './store-files';

/**
 * O_DSYNC: a write returns once its bytes (and the file size) are on disk, so a
 * batch costs one system call in libuv's thread pool instead of a write and
 * an fdatasync.
 */
const JOURNAL_APPEND_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_DSYNC;

/** The disk failed under us. Every later write fails too, until the service is restarted. */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
  constructor(cause: unknown) {
    super(`The store cannot write: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** How much of each collection is already on disk or on its way there. */
type Written = Record<CollectionName, { count: number; last: unknown }>;

export class JournalFile implements Adapter<StoreData> {
  readonly #files: StoreFiles;
  #generation = 0;
  #needsCompaction = true;
  #handle: FileHandle | null = null;
  #written = {} as Written;
  /** Journal lines waiting for the next flush. */
  #buffer: string[] = [];
  /** The flush that will take #buffer; null once it has started. */
  #nextFlush: Promise<void> | null = null;
  /** The last file operation; operations run one at a time, in order. */
  #tail: Promise<void> = Promise.resolve();
  #failure: unknown = null;
  #closed = false;

  constructor(files: StoreFiles) {
    this.#files = files;
    this.#markWritten(emptyStoreData());
  }

  /** Loads snapshot + journal. Throws StoreFileError for a file it cannot use; never writes. */
  async read(): Promise<StoreData> {
    const loaded = await loadStoreFiles(this.#files);
    this.#generation = loaded.generation;
    this.#needsCompaction = !loaded.snapshotFound || !loaded.journalIsClean;
    this.#markWritten(loaded.data);
    return loaded.data;
  }

  /** Prepares the journal for appending, compacting first when the files hold more than a snapshot. */
  async open(data: StoreData): Promise<void> {
    if (this.#needsCompaction) await this.compact(data);
    else this.#handle = await open(this.#files.journal, JOURNAL_APPEND_FLAGS);
  }

  /** Resolves once every record in `data` is durably on disk. */
  write(data: StoreData): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('The store is closed.'));
    if (this.#failure) return Promise.reject(new StoreUnavailableError(this.#failure));
    if (!this.#isAppendOnly(data)) return this.compact(data);

    let appended = false;
    for (const name of COLLECTION_NAMES) {
      const records = data[name];
      const written = this.#written[name];
      for (let index = written.count; index < records.length; index += 1) {
        this.#buffer.push(serializeJournalEntry(name, records[index]!));
        appended = true;
      }
      this.#written[name] = { count: records.length, last: records.at(-1) };
    }
    if (appended) return this.#scheduleFlush();
    // Nothing new from this caller: its records are in a flush already queued or running.
    return this.#nextFlush ?? this.#settled();
  }

  /** Writes `data` as a new snapshot generation and starts an empty journal for it. */
  compact(data: StoreData): Promise<void> {
    return this.#enqueue(async () => {
      this.#throwIfFailed();
      const generation = this.#generation + 1;
      const snapshot = serializeSnapshot(data, generation);
      // Everything in `data` is in this snapshot, including lines not flushed yet.
      this.#buffer = [];
      this.#markWritten(data);
      try {
        await writeFileDurably(this.#files.snapshot, snapshot);
        await this.#handle?.close();
        this.#handle = null;
        await writeFileDurably(this.#files.journal, serializeJournalHeader(generation));
        this.#handle = await open(this.#files.journal, JOURNAL_APPEND_FLAGS);
        this.#generation = generation;
        this.#needsCompaction = false;
      } catch (error) {
        this.#failure = error;
        throw new StoreUnavailableError(error);
      }
    });
  }

  /** Waits for queued writes, then closes the journal. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#tail;
    await this.#handle?.close();
    this.#handle = null;
  }

  #isAppendOnly(data: StoreData): boolean {
    return COLLECTION_NAMES.every((name) => {
      const { count, last } = this.#written[name];
      const records = data[name];
      return records.length >= count && (count === 0 || records[count - 1] === last);
    });
  }

  #markWritten(data: StoreData): void {
    for (const name of COLLECTION_NAMES) this.#written[name] = { count: data[name].length, last: data[name].at(-1) };
  }

  #scheduleFlush(): Promise<void> {
    this.#nextFlush ??= this.#enqueue(async () => {
      // Let the requests read in this turn of the event loop join the batch.
      await new Promise((resolve) => setImmediate(resolve));
      this.#nextFlush = null;
      return this.#flush();
    });
    return this.#nextFlush;
  }

  /** One durable append (O_DSYNC) for every line buffered so far. */
  async #flush(): Promise<void> {
    this.#throwIfFailed();
    if (this.#buffer.length === 0) return;
    const text = this.#buffer.join('');
    this.#buffer = [];
    try {
      if (!this.#handle) throw new Error('the journal is not open');
      await writeAll(this.#handle, Buffer.from(text, 'utf8'));
    } catch (error) {
      this.#failure = error;
      throw new StoreUnavailableError(error);
    }
  }

  #enqueue(operation: () => Promise<void>): Promise<void> {
    const result = this.#tail.then(operation);
    // The chain itself must not reject: each caller gets `result` and sees its own failure.
    this.#tail = result.catch(() => {});
    return result;
  }

  #settled(): Promise<void> {
    return this.#tail.then(() => this.#throwIfFailed());
  }

  #throwIfFailed(): void {
    if (this.#failure) throw new StoreUnavailableError(this.#failure);
  }
}
