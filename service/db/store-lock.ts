/**
 * One writer per store: proper-lockfile's lock, a folder beside DB_FILE
 * (data/db.json.lock) whose holder renews its modification time; one not
 * renewed for STALE_MS is taken over, which works across containers that
 * share the volume. Readers do not lock.
 *
 * Beside it, data/db.json.lock.owner names the holder: its pid and its PID
 * namespace. With proper-lockfile alone a start after a crash (kill -9, an
 * out-of-memory kill) waits until the lock is stale, and a refusal cannot
 * say which process to stop; with the owner, a start in the same namespace
 * takes over at once the lock of a process that is gone.
 */
import { readFileSync, readlinkSync } from 'node:fs';
import { mkdir, readFile, rm, rmdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import lockfile, { type LockOptions } from 'proper-lockfile';
import { LockHeldError } from '../store-interface';
import { writeFileDurably } from './durable-fs';

/** A lock not renewed for this long is taken over; its holder renews it every half of it. */
const STALE_MS = 10_000;

/** Whose process ids this process sees: the boot and PID namespace on Linux, else the host. */
function pidNamespace(): string {
  try {
    return `${readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()} ${readlinkSync('/proc/self/ns/pid')}`;
  } catch {
    return `host ${hostname()}`;
  }
}

const OUR_NAMESPACE = pidNamespace();
/** Locks held by this process, so that a second open in the same process is refused too. */
const heldHere = new Set<string>();

interface Owner {
  pid: number;
  namespace: string;
}

async function readOwner(file: string): Promise<Owner | null> {
  const [pid, namespace, ...rest] = (await readFile(file, 'utf8').catch(() => '')).split('\n');
  return /^\d+$/.test(pid!) && namespace && rest.join('') === '' ? { pid: Number(pid), namespace } : null;
}

function isRunning(pid: number): boolean {
  try {
    return process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // it exists, as another user's
  }
}

function heldBy(lock: string, owner: Owner | null): LockHeldError {
  const foreign = owner !== null && owner.namespace !== OUR_NAMESPACE;
  const holder = foreign ? `A process in another container or on another machine (pid ${owner.pid} there)` : 'Another process';
  const pid = owner !== null && !foreign ? ` (pid ${owner.pid})` : '';
  const renewing = foreign ? ' and still renews it' : '';
  return new LockHeldError(`${holder}${pid} holds ${lock}${renewing}: only one process may write the store at a time. Stop it first.`);
}

const isLocked = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ELOCKED';

export interface StoreLockOptions {
  /** Called when another process has taken the lock over (this one stalled longer than STALE_MS). */
  onLost?: (message: string) => void;
  staleMs?: number;
}

/** Takes the lock of the store at `dbFile` or throws LockHeldError. Returns the function that releases it. */
export async function lockStore(dbFile: string, { onLost, staleMs = STALE_MS }: StoreLockOptions = {}): Promise<() => Promise<void>> {
  const lock = `${dbFile}.lock`;
  const ownerFile = `${lock}.owner`;
  if (heldHere.has(lock)) throw heldBy(lock, { pid: process.pid, namespace: OUR_NAMESPACE });
  let lost = false;
  let release: () => Promise<void>;

  const take = async (retries: LockOptions['retries'] = 0) => {
    release = await lockfile.lock(dbFile, { realpath: false, stale: staleMs, retries, onCompromised });
    try {
      await writeFileDurably(ownerFile, `${process.pid}\n${OUR_NAMESPACE}\n`);
    } catch (error) {
      await release();
      throw error;
    }
  };
  // Deleted (by hand, or with the whole data folder), the lock is put back; held by another, it is lost.
  function onCompromised() {
    void mkdir(path.dirname(dbFile), { recursive: true })
      .then(() => take())
      .catch(() => {
        if (lost || !heldHere.has(lock)) return;
        lost = true;
        onLost?.(`Another process took over ${lock}: this one must not write the store again.`);
      });
  }

  try {
    await take();
  } catch (error) {
    if (!isLocked(error)) throw error;
    const owner = await readOwner(ownerFile);
    const ours = owner?.namespace === OUR_NAMESPACE;
    // Its pid running here (and not us) means the holder is alive; else it was killed and nothing renews the lock.
    if (ours && owner.pid !== process.pid && isRunning(owner.pid)) throw heldBy(lock, owner);
    if (ours) await rmdir(lock).catch(() => {});
    // Another container's lock: taken over once it is stale, refused if its holder renews it all that while.
    const retries = ours ? 0 : { retries: Math.ceil(staleMs / 500) + 2, factor: 1, minTimeout: 500, maxTimeout: 500 };
    await take(retries).catch((again: unknown) => {
      throw isLocked(again) ? heldBy(lock, ours ? null : owner) : again;
    });
  }
  heldHere.add(lock);
  return async () => {
    heldHere.delete(lock);
    if (lost) return; // another process's lock now: left alone
    await rm(ownerFile, { force: true });
    await release().catch(() => {}); // already released if it was compromised
  };
}
