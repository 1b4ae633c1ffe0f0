/**
 * One writer per data file: a lock file beside it (data/db.json.lock) that
 * names its owner: the process id, and the PID namespace that id belongs to
 * (this boot's id and the namespace's, on Linux; the host name elsewhere).
 * Readers do not lock.
 *
 * Is the owner still there? In our own PID namespace the process id answers:
 * a lock whose process is gone (the service was killed) is taken over, a
 * running one's is refused. From another namespace (another container on the
 * same volume, or this one restarted) the id means nothing here, so the owner
 * renews the lock's modification time every few seconds, and a lock not
 * renewed for a while is taken over. A start that finds a lock renewed lately
 * waits that long before it refuses, so a container started while the old
 * one's lock ages starts by itself.
 *
 * The lock is written whole or not at all: the owner goes into a temp file,
 * which is fsynced and then hard-linked to the lock's name. link() fails with
 * EEXIST when the lock is held, as open('wx') does, but the name only ever
 * appears complete, so a start that fails while writing (a full disk) leaves
 * no lock behind.
 */
import { readFileSync, readlinkSync } from 'node:fs';
import { link, open, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { uniqueSuffix, writeAll } from './durable-fs';

/** How often an owner renews its lock. */
export const LOCK_RENEW_MS = 5_000;
/** A lock from another namespace not renewed for this long is taken over: three renewals missed. */
export const LOCK_STALE_MS = 3 * LOCK_RENEW_MS;

/** Whose process ids this process sees: the boot and PID namespace on Linux, else the host. */
function pidNamespace(): string {
  try {
    return `${readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()} ${readlinkSync('/proc/self/ns/pid')}`;
  } catch {
    return `host ${hostname()}`;
  }
}

const OUR_NAMESPACE = pidNamespace();

interface Owner {
  readonly pid: number;
  /** Undefined in a lock written by an older version of this service, which wrote the pid alone. */
  readonly namespace: string | undefined;
}

/** An older version's lock names no namespace: it ran in ours, the only case it handled. */
const inOurNamespace = (owner: Owner) => owner.namespace === undefined || owner.namespace === OUR_NAMESPACE;

export class LockHeldError extends Error {
  override name = 'LockHeldError';
  /** The owner's process id, when it is one this process can signal (the same PID namespace). */
  readonly ownerPid: number | null;

  constructor(
    readonly lockFile: string,
    owner: Owner | null,
  ) {
    super(
      owner === null
        ? `${lockFile} exists but does not name its owner. If no service or enquiries command is running, delete it and try again.`
        : inOurNamespace(owner)
          ? `Another process (pid ${owner.pid}) holds ${lockFile}: only one process may write the store at a time. Stop it first.`
          : `A process in another container or on another machine (pid ${owner.pid} there) holds ${lockFile} and still renews it: only one process may write the store at a time. Stop it first.`,
    );
    this.ownerPid = owner !== null && inOurNamespace(owner) ? owner.pid : null;
  }
}

const isOurs = (owner: Owner) => owner.pid === process.pid && owner.namespace === OUR_NAMESPACE;

/** A name for our temp files beside the lock: the pid alone is not enough, as two containers may both run as pid 1. */
/** Locks held by this process, so that a second open in the same process is refused too. */
const heldHere = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What a lock file holds: its owner, 'empty', 'garbage', or undefined when the file is gone. */
type LockOwner = Owner | 'empty' | 'garbage' | undefined;

async function readOwner(file: string): Promise<LockOwner> {
  let text;
  try {
    text = (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (text === '') return 'empty';
  const [pid, namespace, ...rest] = text.split('\n');
  if (!/^\d+$/.test(pid!) || rest.length > 0) return 'garbage';
  return { pid: Number(pid), namespace };
}

const sameOwner = (a: LockOwner, b: LockOwner) =>
  a === b || (typeof a === 'object' && typeof b === 'object' && a.pid === b.pid && a.namespace === b.namespace);

/** Writes our name to `temp` and makes it durable; the temp file is removed if that fails. */
async function writeOwnerFile(temp: string): Promise<void> {
  const handle = await open(temp, 'w', 0o600);
  try {
    await writeAll(handle, Buffer.from(`${process.pid}\n${OUR_NAMESPACE}\n`));
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
}

/** Puts a complete lock in place; false when another lock is already there. */
async function createLock(file: string): Promise<boolean> {
  const temp = `${file}.tmp-${uniqueSuffix()}`;
  await writeOwnerFile(temp);
  try {
    await link(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * Removes a lock that no live process holds. It is moved aside first and
 * checked: if another starter replaced it in the meantime, it is put back and
 * we refuse.
 */
async function removeStaleLock(file: string, staleOwner: Owner | 'empty'): Promise<void> {
  const aside = `${file}.stale-${uniqueSuffix()}`;
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const owner = await readOwner(aside);
  if (!sameOwner(owner, staleOwner)) {
    await rename(aside, file);
    throw new LockHeldError(file, typeof owner === 'object' ? owner : null);
  }
  await rm(aside, { force: true });
}

/** How long ago the lock was last renewed; undefined when it is gone. */
async function sinceRenewed(file: string): Promise<number | undefined> {
  try {
    return Date.now() - (await stat(file)).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * True when the owner is gone, as far as this process can tell. In our
 * namespace, when its pid is not running or the lock has not been renewed for
 * `staleMs`; a lock of another namespace is watched until it has not been
 * renewed for `staleMs`, false if it is renewed all that time.
 */
async function isGone(file: string, owner: Owner, staleMs: number): Promise<boolean> {
  if (inOurNamespace(owner)) {
    // Our own pid, but not held here: a previous life of this process.
    if (owner.pid === process.pid || !isRunning(owner.pid)) return true;
    // An older version's lock was never renewed: its pid alone decides.
    if (owner.namespace === undefined) return false;
    // A running pid that has not renewed the lock for so long is another process that
    // was given the pid of an owner that crashed: never to be refused, nor signalled.
    const age = await sinceRenewed(file);
    return age === undefined || age > staleMs;
  }
  for (const deadline = Date.now() + staleMs + 1_000; ; await sleep(Math.min(1_000, staleMs / 4))) {
    const age = await sinceRenewed(file);
    if (age === undefined || age > staleMs) return true;
    if (Date.now() > deadline) return false;
  }
}

export interface LockOptions {
  /** Called when another process has taken the lock over since (this one stalled longer than the lock lives). */
  onLost?: (message: string) => void;
  renewMs?: number;
  staleMs?: number;
}

/**
 * Keeps the lock renewed; gives it back if it was deleted, reports it lost if
 * another owner holds it. Returns the function that stops, once no renewal
 * is under way (one finishing after the release would put the lock back).
 */
function keepRenewing(file: string, { onLost, renewMs = LOCK_RENEW_MS }: LockOptions): () => Promise<void> {
  let lost = false;
  let renewal: Promise<void> = Promise.resolve();
  const renew = async () => {
    const owner = await readOwner(file);
    if (owner === undefined) {
      await createLock(file);
    } else if (typeof owner === 'object' && isOurs(owner)) {
      const now = new Date();
      await utimes(file, now, now);
    } else if (!lost) {
      lost = true;
      onLost?.(`Another process took over ${file}: this one must not write the store again.`);
    }
  };
  // A renewal that fails (a disk error) is tried again at the next one; the lock only ages meanwhile.
  const timer = setInterval(() => (renewal = renew().catch(() => {})), renewMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await renewal;
  };
}

/** Takes the lock or throws LockHeldError. Returns the function that releases it. */
export async function acquireLock(file: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  if (heldHere.has(file)) throw new LockHeldError(file, { pid: process.pid, namespace: OUR_NAMESPACE });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (await createLock(file)) {
      heldHere.add(file);
      const stopRenewing = keepRenewing(file, options);
      return async () => {
        await stopRenewing();
        heldHere.delete(file);
        const owner = await readOwner(file);
        if (typeof owner === 'object' && isOurs(owner)) await rm(file, { force: true });
      };
    }
    const owner = await readOwner(file);
    if (owner === undefined) continue; // released between our two calls
    // Not a lock of ours: someone else's file, or a hand-written one. Leave it to the operator.
    if (owner === 'garbage') throw new LockHeldError(file, null);
    if (owner !== 'empty' && !(await isGone(file, owner, options.staleMs ?? LOCK_STALE_MS))) throw new LockHeldError(file, owner);
    // An empty lock was left by an older version of this service, which created the file
    // first and wrote its pid into it next: a start that failed on a full disk left it empty
    // and exited. This version never creates it empty (see createLock), so no process can be
    // about to write into it: it is taken over like the lock of a dead process.
    await removeStaleLock(file, owner);
  }
  const owner = await readOwner(file);
  throw new LockHeldError(file, typeof owner === 'object' ? owner : null);
}
