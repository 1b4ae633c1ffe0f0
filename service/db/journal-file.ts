/**
 * A lowdb adapter whose write costs the same at 10 records as at 100,000.
 *
 * lowdb's JSONFile rewrites the whole file on every write and never fsyncs.
 * Here the store says what it does: append() adds one journal line (records
 * added, alerts replaced), and every append waiting at the same moment
 * shares one durable write (group commit); lowdb's write() rewrites the
 * whole store as a new snapshot (compaction), for a delete or a checkpoint.
 *
 * The journal is the write-ahead log. DB_FILE, the snapshot, catches up with
 * it at a checkpoint: once appends have been quiet for a moment, a few
 * seconds after a line at the latest, after every few thousand lines, and at
 * close. So an operator who opens or backs up DB_FILE finds every accepted
 * enquiry, a few seconds after it came.
 */
import { constants } from 'node:fs';
import { fstatSync } from 'node:fs';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Adapter } from 'lowdb';
import { silentLog, type Log } from '../log';
import { moveIntoPlace, removeTempFiles, writeAll, writeFileDurably, writeTempFile } from './durable-fs';
import type { JournalEntry, StoreData } from './schema';
import {
  loadStoreFiles,
  serializeJournalHeader,
  serializeJournalLine,
  snapshotPieces,
  type StoreFiles,
} from './store-files';

export interface CheckpointPolicy {
  /** Checkpoint once no line has been appended for this long. */
  quietMs: number;
  /** ...and at the latest this long after the first line the snapshot lacks, however busy the store is. */
  latestMs: number;
  /** Checkpoint at once after this many lines, so that a busy store's journal stays short. */
  everyLines: number;
}

export const DEFAULT_CHECKPOINT_POLICY: CheckpointPolicy = { quietMs: 1_000, latestMs: 5_000, everyLines: 5_000 };

/**
 * A checkpoint rewrites the whole store, so a large store under heavy load
 * would spend its time on them: after one that took T, the next waits until
 * 9 T have passed, which keeps them to a tenth of the time at most.
 */
const CHECKPOINT_DUTY_CYCLE = 0.1;

/**
 * O_DSYNC: a write returns once its bytes (and the file size) are on disk, so a
 * batch costs one system call in libuv's thread pool instead of a write and
 * an fdatasync.
 */
const JOURNAL_APPEND_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_DSYNC;

/**
 * How often the store checks that its files are still at their names, so that
 * files deleted while no enquiry comes (by hand, a clean-up job, a restore
 * gone wrong) are written back by themselves, not only at the next write.
 */
const FILES_CHECK_MS = 5_000;

/** After a failed write, the store tries to write itself out again after this, doubling up to the maximum. */
const RECOVERY_FIRST_DELAY_MS = 1_000;
const RECOVERY_MAX_DELAY_MS = 30_000;

export interface JournalFileOptions {
  checkpoint?: CheckpointPolicy;
  log?: Log;
}

/** The disk failed under us. Every later write fails too, until the store has written itself out again. */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
  constructor(cause: unknown) {
    super(`The store cannot write: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** The data as of now. Records never change in place (see the module comment): copying the arrays is enough. */
function copyOfCollections(data: StoreData): StoreData {
  return { enquiries: [...data.enquiries], spam: [...data.spam], users: [...data.users], alerts: [...data.alerts] };
}

export class JournalFile implements Adapter<StoreData> {
  readonly #files: StoreFiles;
  readonly #checkpoint: CheckpointPolicy;
  #generation = 0;
  #needsCompaction = true;
  #handle: FileHandle | null = null;
  /** The store's data, which a checkpoint writes out. */
  #live: StoreData | null = null;
  #linesSinceSnapshot = 0;
  #quietTimer: NodeJS.Timeout | null = null;
  #latestTimer: NodeJS.Timeout | null = null;
  #latestAt = 0;
  #checkpointRunning: Promise<void> | null = null;
  /** When the last checkpoint ended, and how long it took (performance.now() ms). */
  #lastCheckpoint = { endedAt: -Infinity, tookMs: 0 };
  /** Journal lines waiting for the next flush. */
  #buffer: string[] = [];
  /** The flush that will take #buffer; null once it has started. */
  #nextFlush: Promise<void> | null = null;
  /** The last file operation; operations run one at a time, in order. */
  #tail: Promise<void> = Promise.resolve();
  #failure: unknown = null;
  #recoveryTimer: NodeJS.Timeout | null = null;
  #filesCheckTimer: NodeJS.Timeout | null = null;
  /**
   * The snapshot we wrote, held open: once its name is deleted or taken by
   * another file, it has no links left. Null while a checkpoint replaces it.
   */
  #snapshotHandle: FileHandle | null = null;
  #closed = false;
  readonly #log: Log;

  constructor(files: StoreFiles, { checkpoint = DEFAULT_CHECKPOINT_POLICY, log = silentLog }: JournalFileOptions = {}) {
    this.#files = files;
    this.#checkpoint = checkpoint;
    this.#log = log;
  }

  /** Loads snapshot + journal. Throws StoreFileError for a file it cannot use; never writes. */
  async read(): Promise<StoreData> {
    const loaded = await loadStoreFiles(this.#files);
    this.#generation = loaded.generation;
    this.#needsCompaction = !loaded.snapshotFound || !loaded.journalIsClean;
    return loaded.data;
  }

  /** Prepares the journal for appending, compacting first when the files hold more than a snapshot. */
  async open(data: StoreData): Promise<void> {
    this.#live = data;
    // Under the lock no other writer is at work: a temp file here is a crash's leftover.
    await removeTempFiles(this.#files.snapshot);
    await removeTempFiles(this.#files.journal);
    this.#watchFiles();
    if (this.#needsCompaction) {
      await this.compact(data);
      return;
    }
    await this.#holdSnapshot();
    this.#handle = await open(this.#files.journal, JOURNAL_APPEND_FLAGS);
  }

  /** Appends one line holding `entries` (applied together or not at all); resolves once it is on disk. */
  append(entries: readonly JournalEntry[]): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('The store is closed.'));
    if (this.#failure) return Promise.reject(new StoreUnavailableError(this.#failure));
    this.#buffer.push(serializeJournalLine(entries));
    this.#linesSinceSnapshot += 1;
    const flushed = this.#scheduleFlush();
    this.#scheduleCheckpoint();
    return flushed;
  }

  /** lowdb's write: the whole store as a new snapshot. */
  write(data: StoreData): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('The store is closed.'));
    this.#live = data;
    return this.compact(data);
  }

  /**
   * Writes `data` as a new snapshot generation and starts an empty journal
   * for it, all before any other write (at start, and for a delete).
   */
  async compact(data: StoreData): Promise<void> {
    // A checkpoint's snapshot must not land over this newer one.
    await this.#checkpointRunning;
    return this.#enqueue(async () => {
      this.#throwIfFailed();
      try {
        await this.#rewrite(data);
      } catch (error) {
        this.#fail(error);
        throw new StoreUnavailableError(error);
      }
    });
  }

  /** The whole store as snapshot generation + 1, then an empty journal for it. Runs in the queue. */
  async #rewrite(data: StoreData): Promise<void> {
    const generation = this.#generation + 1;
    // Everything in `data` now is in this snapshot, including lines not flushed yet;
    // changes made while its pieces are written queue behind it for the new journal.
    // Written whole, 100,000 enquiries and their alerts would be a 75 MB string and as large a buffer.
    const frozen = copyOfCollections(data);
    this.#buffer = [];
    this.#linesSinceSnapshot = 0;
    // The folder itself may have been deleted under us.
    await mkdir(path.dirname(this.#files.snapshot), { recursive: true });
    await writeFileDurably(this.#files.snapshot, snapshotPieces(frozen, generation));
    await this.#holdSnapshot();
    await rm(this.#files.previousJournal, { force: true });
    await this.#handle?.close();
    this.#handle = null;
    await writeFileDurably(this.#files.journal, serializeJournalHeader(generation));
    this.#handle = await open(this.#files.journal, JOURNAL_APPEND_FLAGS);
    this.#generation = generation;
    this.#needsCompaction = false;
  }

  /**
   * Brings DB_FILE up to date without holding up appends: the journal is set
   * aside as the previous journal and a new one takes the appends, while the
   * snapshot of the data as it was at that moment is written piece by piece.
   * Until it is in place, the files read as snapshot + previous + journal.
   */
  #startCheckpoint(): void {
    this.#clearCheckpointTimers();
    const live = this.#live;
    if (this.#checkpointRunning || this.#closed || this.#failure !== null || !live || this.#linesSinceSnapshot === 0) return;
    const started = performance.now();
    this.#checkpointRunning = (async () => {
      let frozen: StoreData = live;
      let generation = 0;
      await this.#enqueue(async () => {
        this.#throwIfFailed();
        // Files deleted or replaced: writing the store back whole is this checkpoint.
        if (!this.#filesInPlace()) {
          await this.#writeBack(live).catch((error: unknown) => this.#fail(error));
          return;
        }
        // With the lines buffered now, they are exactly this journal.
        frozen = copyOfCollections(live);
        const lines = this.#buffer;
        this.#buffer = [];
        this.#linesSinceSnapshot = 0;
        generation = this.#generation + 1;
        try {
          if (!this.#handle) throw new Error('the journal is not open');
          if (lines.length > 0) await writeAll(this.#handle, Buffer.from(lines.join(''), 'utf8'));
          // The new journal is complete before the old one moves aside, so that a reader
          // (the CLI, without the lock) finds no journal only between two renames.
          const nextJournal = await writeTempFile(this.#files.journal, serializeJournalHeader(generation));
          await this.#handle.close();
          this.#handle = null;
          await rename(this.#files.journal, this.#files.previousJournal);
          // Also makes both renames durable: it syncs the folder.
          await moveIntoPlace(nextJournal, this.#files.journal);
          this.#handle = await open(this.#files.journal, JOURNAL_APPEND_FLAGS);
          this.#generation = generation;
        } catch (error) {
          this.#fail(error);
          throw error;
        }
      });
      if (generation === 0) return;
      // Written outside the queue, so that appends go on meanwhile; put in place inside it, so
      // that no rewrite (a repair, a recovery, a delete) renames its snapshot at the same time.
      let snapshot: string | null = null;
      try {
        snapshot = await writeTempFile(this.#files.snapshot, snapshotPieces(frozen, generation));
        const written = snapshot;
        await this.#enqueue(async () => {
          // A rewrite meanwhile made this snapshot old: it must not land.
          if (this.#generation !== generation || this.#failure !== null) {
            await rm(written, { force: true });
            return;
          }
          // Our own rename is about to unlink the snapshot we hold: not a file deleted under us.
          await this.#snapshotHandle?.close();
          this.#snapshotHandle = null;
          await moveIntoPlace(written, this.#files.snapshot);
          await this.#holdSnapshot();
          await rm(this.#files.previousJournal, { force: true });
        });
      } catch (error) {
        if (snapshot) await rm(snapshot, { force: true });
        this.#fail(error);
      }
    })()
      .catch(() => {}) // kept in #failure and answered to the next write
      .finally(() => {
        const endedAt = performance.now();
        this.#lastCheckpoint = { endedAt, tookMs: endedAt - started };
        this.#checkpointRunning = null;
        // Lines appended while it ran are for the next one.
        if (this.#linesSinceSnapshot > 0) this.#scheduleCheckpoint();
      });
  }

  /** True while the store's files are in place and the disk takes its writes. */
  get writable(): boolean {
    return this.#failure === null && !this.#closed && this.#filesInPlace();
  }

  /**
   * Waits for queued writes, checkpoints, then closes the journal. Data the
   * files lack (their lines, or the files themselves, deleted) is written out
   * first; if the files are gone and the disk refuses to write them back,
   * close rejects, so that the process does not report a clean stop.
   */
  async close(): Promise<void> {
    this.#closed = true;
    this.#clearCheckpointTimers();
    if (this.#recoveryTimer) clearTimeout(this.#recoveryTimer);
    if (this.#filesCheckTimer) clearInterval(this.#filesCheckTimer);
    await this.#checkpointRunning;
    const live = this.#live;
    let unwritten: unknown = null;
    if (live && (this.#failure !== null || !this.#filesInPlace())) {
      // After a refused write alone (a full disk) the journal holds every acknowledged line:
      // only files that are gone make a failed rewrite a loss.
      const gone = !this.#filesInPlace();
      await this.#enqueue(() => this.#rewrite(live)).catch((error: unknown) => {
        if (gone) unwritten = error;
      });
    } else if (live && this.#linesSinceSnapshot > 0) {
      await this.compact(live).catch(() => {}); // the journal already holds every line
    }
    await this.#tail;
    await this.#handle?.close();
    this.#handle = null;
    await this.#snapshotHandle?.close();
    this.#snapshotHandle = null;
    if (unwritten !== null) throw new StoreUnavailableError(unwritten);
  }

  #scheduleCheckpoint(): void {
    const now = performance.now();
    const { endedAt, tookMs } = this.#lastCheckpoint;
    const earliest = Math.max(now, endedAt + tookMs * (1 / CHECKPOINT_DUTY_CYCLE - 1));
    if (this.#linesSinceSnapshot >= this.#checkpoint.everyLines) {
      this.#checkpointBy(earliest);
      return;
    }
    if (this.#quietTimer) this.#quietTimer.refresh();
    else this.#quietTimer = setTimeout(() => this.#startCheckpoint(), Math.max(this.#checkpoint.quietMs, earliest - now)).unref();
    this.#checkpointBy(Math.max(earliest, now + this.#checkpoint.latestMs), { unlessSooner: true });
  }

  /** Makes sure a checkpoint starts by `time` (performance.now() ms); with unlessSooner, keeps one due earlier. */
  #checkpointBy(time: number, { unlessSooner = false } = {}): void {
    if (this.#latestTimer && (unlessSooner || this.#latestAt <= time)) return;
    if (this.#latestTimer) clearTimeout(this.#latestTimer);
    const delayMs = time - performance.now();
    if (delayMs <= 0) {
      this.#latestTimer = null;
      this.#startCheckpoint();
      return;
    }
    this.#latestAt = time;
    this.#latestTimer = setTimeout(() => this.#startCheckpoint(), delayMs).unref();
  }

  #clearCheckpointTimers(): void {
    if (this.#quietTimer) clearTimeout(this.#quietTimer);
    if (this.#latestTimer) clearTimeout(this.#latestTimer);
    this.#quietTimer = null;
    this.#latestTimer = null;
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

  /**
   * One durable append (O_DSYNC) for every line buffered so far. Before its
   * writers are answered, the files are checked to be still the ones at
   * their paths: lines written to a journal that was deleted or replaced
   * meanwhile are on no disk anyone will read, so the store is written back.
   */
  async #flush(): Promise<void> {
    this.#throwIfFailed();
    if (this.#buffer.length === 0) return;
    const text = this.#buffer.join('');
    this.#buffer = [];
    try {
      if (!this.#handle) throw new Error('the journal is not open');
      await writeAll(this.#handle, Buffer.from(text, 'utf8'));
      if (!this.#filesInPlace() && this.#live) await this.#writeBack(this.#live);
    } catch (error) {
      this.#fail(error);
      throw new StoreUnavailableError(error);
    }
  }

  /** Whether the journal we append to and the snapshot we wrote are still the files at their names. */
  #filesInPlace(): boolean {
    // fstat of an open file reads no disk and names no path: cheap enough for every group of writes.
    const linked = (handle: FileHandle | null) => handle === null || fstatSync(handle.fd).nlink > 0;
    return linked(this.#handle) && linked(this.#snapshotHandle);
  }

  #watchFiles(): void {
    this.#filesCheckTimer ??= setInterval(() => this.#writeBackIfDeleted(), FILES_CHECK_MS).unref();
  }

  /** Writes the store back when its files were deleted or replaced while nothing was written. */
  #writeBackIfDeleted(): void {
    const live = this.#live;
    if (this.#closed || this.#failure !== null || !live || this.#filesInPlace()) return;
    this.#enqueue(async () => {
      if (this.#closed || this.#failure !== null || this.#filesInPlace()) return;
      await this.#writeBack(live);
    }).catch((error: unknown) => this.#fail(error));
  }

  /** Runs in the queue. */
  async #writeBack(live: StoreData): Promise<void> {
    this.#log({ level: 'error', msg: 'the data files were deleted or replaced; writing the store back', dbFile: this.#files.snapshot });
    await this.#rewrite(live);
  }

  async #holdSnapshot(): Promise<void> {
    await this.#snapshotHandle?.close();
    this.#snapshotHandle = await open(this.#files.snapshot, 'r');
  }

  /** Refuses writes from now on, and tries to write the whole store out again until the disk takes it. */
  #fail(error: unknown): void {
    if (this.#failure !== null) return;
    this.#failure = error;
    this.#log({ level: 'error', msg: 'the store cannot write; enquiries are refused until it can', error: String(error) });
    this.#scheduleRecovery(RECOVERY_FIRST_DELAY_MS);
  }

  #scheduleRecovery(delayMs: number): void {
    if (this.#closed) return;
    this.#recoveryTimer = setTimeout(() => {
      this.#recoveryTimer = null;
      const live = this.#live;
      if (this.#closed || !live) return;
      this.#enqueue(() => this.#rewrite(live)).then(
        () => {
          this.#failure = null;
          this.#log({ level: 'warn', msg: 'the store can write again' });
        },
        () => this.#scheduleRecovery(Math.min(delayMs * 2, RECOVERY_MAX_DELAY_MS)),
      );
    }, delayMs);
  }

  #enqueue(operation: () => Promise<void>): Promise<void> {
    const result = this.#tail.then(operation);
    // The chain itself must not reject: each caller gets `result` and sees its own failure.
    this.#tail = result.catch(() => {});
    return result;
  }

  #throwIfFailed(): void {
    if (this.#failure) throw new StoreUnavailableError(this.#failure);
  }
}
