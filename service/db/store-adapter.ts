/**
 * The lowdb adapter under the file store. lowdb's own JSONFile rewrites the
 * whole file on every write and never fsyncs; this one appends each change
 * to the journal as one line, made durable together with every line waiting
 * at the same moment (group commit: one O_DSYNC write for them all), and
 * lowdb's write() folds everything into a new document, durably, then starts
 * an empty journal. Every file operation runs in one queue, so a fold simply
 * holds the appends for the moment it takes.
 */
import { constants, fstatSync } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Adapter } from 'lowdb';
import { silentLog, type Log } from '../log';
import { StoreUnavailableError } from '../store-interface';
import { removeTempFiles, writeAll, writeFileDurably } from './durable-fs';
import { COLLECTION_NAMES, type JournalEntry, type StoreData } from './schema';
import { documentPieces, journalHeader, journalLine, loadStoreFiles, type StoreFiles } from './store-files';

export interface FoldPolicy {
  /** Fold once no line has been appended for this long... */
  quietMs: number;
  /** ...and at the latest this long after the first line the document lacks, however busy the store is. */
  latestMs: number;
}

/** A fold holds every write while it runs: after one that took T, the next waits at least this many T, so that a slow disk never spends its time folding. */
const FOLD_SPACING = 4;

/**
 * The collections whose changes DB_FILE shows within seconds. The staff's
 * own records (a line per inbox request) wait for the next fold, or for
 * UNHURRIED_LINES of them.
 */
const HURRYING = new Set(['enquiries', 'spam', 'alerts']);
const UNHURRIED_LINES = 10_000;

/** O_DSYNC: a write returns once its bytes (and the file size) are on disk, one system call for a whole batch. */
const JOURNAL_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_DSYNC;

/** How often the store checks that its files are still at their names when nothing is written. */
const FILES_CHECK_MS = 5_000;

/** After a failed write, the store tries to write itself out again after this, doubling up to the maximum. */
const RECOVERY_FIRST_DELAY_MS = 1_000;
const RECOVERY_MAX_DELAY_MS = 30_000;

export class StoreAdapter implements Adapter<StoreData> {
  /** Whether read() found any file: false for a store not created yet. */
  found = false;
  #generation = 0;
  #clean = false;
  /** The store's data, which a fold or a recovery writes out. */
  #live: StoreData | null = null;
  #journal: FileHandle | null = null;
  /** The document we wrote, held open: once its name is deleted or taken by another file, it has no links left. */
  #document: FileHandle | null = null;
  #buffer: string[] = [];
  #nextFlush: Promise<void> | null = null;
  #unfolded = 0;
  #lastFoldMs = 0;
  #quietTimer?: NodeJS.Timeout;
  #latestTimer?: NodeJS.Timeout;
  #filesTimer?: NodeJS.Timeout;
  #recoveryTimer?: NodeJS.Timeout;
  /** The last file operation; operations run one at a time, in order. */
  #tail: Promise<void> = Promise.resolve();
  #failure: unknown = null;
  #closed = false;

  constructor(
    private readonly files: StoreFiles,
    private readonly log: Log = silentLog,
    private readonly fold: FoldPolicy = { quietMs: 1_000, latestMs: 5_000 },
  ) {}

  /** Throws StoreFileError for a file it cannot use; never writes. */
  async read(): Promise<StoreData> {
    const loaded = await loadStoreFiles(this.files);
    [this.#generation, this.#clean, this.found] = [loaded.generation, loaded.clean, loaded.found];
    return loaded.data;
  }

  /** Starts appending to the files just read, folding them first unless they are a document and an empty journal. */
  async open(data: StoreData): Promise<void> {
    this.#live = data;
    // Under the lock no other writer is at work: a temp file here is a crash's leftover.
    await removeTempFiles(this.files.document);
    await removeTempFiles(this.files.journal);
    this.#filesTimer = setInterval(() => {
      if (this.#closed || this.#failure !== null || this.#filesInPlace()) return;
      this.#durably(async () => {
        if (!this.#filesInPlace()) await this.#rewrite();
      }).catch(() => {});
    }, FILES_CHECK_MS).unref();
    // A start that cannot write (a full disk) is refused as it is, with no recovery left running.
    if (!this.#clean) return this.#enqueue(() => this.#rewrite());
    this.#document = await open(this.files.document, 'r');
    this.#journal = await open(this.files.journal, JOURNAL_FLAGS);
  }

  /** Appends one line holding `entries`; resolves once it is on disk. */
  append(entries: readonly JournalEntry[]): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('The store is closed.'));
    if (this.#failure !== null) return Promise.reject(new StoreUnavailableError(this.#failure));
    this.#buffer.push(journalLine(entries));
    this.#unfolded += 1;
    if (entries.some((entry) => HURRYING.has(entry.collection)) || this.#unfolded >= UNHURRIED_LINES) this.#scheduleFold();
    this.#nextFlush ??= this.#durably(async () => {
      // The requests read in this turn of the event loop join the batch.
      await new Promise((resolve) => setImmediate(resolve));
      this.#nextFlush = null;
      const text = this.#buffer.join('');
      this.#buffer = [];
      if (text === '') return;
      await writeAll(this.#journal!, Buffer.from(text, 'utf8'));
      // Files deleted or replaced meanwhile are written back before anyone is answered.
      if (!this.#filesInPlace()) await this.#rewrite();
    });
    return this.#nextFlush;
  }

  /** lowdb's write: the whole store as a new document, before any other write. */
  write(data: StoreData): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('The store is closed.'));
    this.#live = data;
    return this.#durably(() => this.#rewrite());
  }

  /** True while the store's files are in place and the disk takes its writes. */
  get writable(): boolean {
    return this.#failure === null && !this.#closed && this.#filesInPlace();
  }

  /**
   * Finishes queued writes and folds. Files that are gone are written back
   * first; if the disk refuses that, close rejects, so that the process does
   * not report a clean stop.
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const timer of [this.#quietTimer, this.#latestTimer, this.#recoveryTimer, this.#filesTimer]) clearTimeout(timer);
    await this.#enqueue(async () => {
      const gone = !this.#filesInPlace();
      if (!this.#live || !(gone || this.#failure !== null || this.#unfolded > 0)) return;
      // After a refused write alone (a full disk), the journal holds every acknowledged line.
      await this.#rewrite().catch((error: unknown) => {
        if (gone) throw new StoreUnavailableError(error);
      });
    });
    await this.#tail;
    await this.#closeFiles();
  }

  /** The whole store as generation + 1, then an empty journal for it. Runs in the queue. */
  async #rewrite(): Promise<void> {
    if (!this.#filesInPlace()) {
      this.log({ level: 'error', msg: 'the data files were deleted or replaced; writing the store back', dbFile: this.files.document });
    }
    const started = performance.now();
    const generation = this.#generation + 1;
    // The data as of now, lines buffered included (their flush finds nothing left to write); changes
    // made while it is written go to the new journal. Records are replaced, never changed in place.
    const frozen = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, [...this.#live![name]]])) as StoreData;
    this.#buffer = [];
    this.#unfolded = 0;
    clearTimeout(this.#quietTimer);
    clearTimeout(this.#latestTimer);
    this.#quietTimer = this.#latestTimer = undefined;
    await this.#closeFiles();
    // The folder itself may have been deleted under us.
    await mkdir(path.dirname(this.files.document), { recursive: true });
    await writeFileDurably(this.files.document, documentPieces(frozen, generation));
    await writeFileDurably(this.files.journal, journalHeader(generation));
    this.#document = await open(this.files.document, 'r');
    this.#journal = await open(this.files.journal, JOURNAL_FLAGS);
    this.#generation = generation;
    this.#lastFoldMs = performance.now() - started;
  }

  #scheduleFold(): void {
    const fold = () => {
      if (this.#closed || this.#failure !== null || this.#unfolded === 0) return;
      this.#durably(() => this.#rewrite()).catch(() => {});
    };
    const spacing = FOLD_SPACING * this.#lastFoldMs;
    if (this.#quietTimer) this.#quietTimer.refresh();
    else this.#quietTimer = setTimeout(fold, Math.max(this.fold.quietMs, spacing)).unref();
    this.#latestTimer ??= setTimeout(fold, Math.max(this.fold.latestMs, spacing)).unref();
  }

  /** Closes the files after letting go of them: the files check runs on a timer and must never see a closed handle (fd -1). */
  async #closeFiles(): Promise<void> {
    const handles = [this.#document, this.#journal];
    this.#document = this.#journal = null;
    await Promise.all(handles.map((handle) => handle?.close()));
  }

  /** Whether the journal we append to and the document we wrote are still the files at their names. */
  #filesInPlace(): boolean {
    // fstat of an open file reads no disk: cheap enough for every batch.
    const linked = (handle: FileHandle | null) => handle === null || fstatSync(handle.fd).nlink > 0;
    return linked(this.#journal) && linked(this.#document);
  }

  /** Runs `write` in the queue unless the store is failing; if it fails, so does the store, until a recovery. */
  #durably(write: () => Promise<void>): Promise<void> {
    return this.#enqueue(async () => {
      if (this.#failure !== null) throw new StoreUnavailableError(this.#failure);
      await write().catch((error: unknown) => {
        this.#fail(error);
        throw new StoreUnavailableError(error);
      });
    });
  }

  /** Refuses writes from now on, and tries to write the whole store out again until the disk takes it. */
  #fail(error: unknown): void {
    if (this.#failure !== null) return;
    this.#failure = error;
    this.log({ level: 'error', msg: 'the store cannot write; enquiries are refused until it can', error: String(error) });
    const retry = (delayMs: number) => {
      this.#recoveryTimer = setTimeout(() => {
        if (this.#closed) return;
        this.#enqueue(() => this.#rewrite()).then(
          () => {
            this.#failure = null;
            this.log({ level: 'warn', msg: 'the store can write again' });
          },
          () => retry(Math.min(delayMs * 2, RECOVERY_MAX_DELAY_MS)),
        );
      }, delayMs);
    };
    retry(RECOVERY_FIRST_DELAY_MS);
  }

  #enqueue(operation: () => Promise<void>): Promise<void> {
    const result = this.#tail.then(operation);
    // The chain itself must not reject: each caller gets `result` and sees its own failure.
    this.#tail = result.catch(() => {});
    return result;
  }
}
