/**
 * One writer per data file: a lock file beside it (data/db.json.lock) that
 * holds the owner's process id. A lock whose process is gone (the service was
 * killed) is taken over; a lock of a running process is refused. Readers do
 * not lock. The pid check only sees processes of this machine and PID
 * namespace: two containers sharing one volume must not run at once.
 *
 * The lock is written whole or not at all: the pid goes into a temp file,
 * which is fsynced and then hard-linked to the lock's name. link() fails with
 * EEXIST when the lock is held, as open('wx') does, but the name only ever
 * appears with the pid already in it, so a start that fails while writing (a
 * full disk) leaves no lock behind.
 */
import { link, open, readFile, rename, rm } from 'node:fs/promises';
import { writeAll } from './durable-fs';

export class LockHeldError extends Error {
  override name = 'LockHeldError';
  constructor(
    readonly lockFile: string,
    readonly ownerPid: number | null,
  ) {
    super(
      ownerPid === null
        ? `${lockFile} exists but does not hold a process id. If no service or enquiries command is running, delete it and try again.`
        : `Another process (pid ${ownerPid}) holds ${lockFile}: only one process may write the store at a time. Stop it first.`,
    );
  }
}

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

/** What a lock file holds: a pid, 'empty', 'garbage', or undefined when the file is gone. */
type LockOwner = number | 'empty' | 'garbage' | undefined;

async function readOwner(file: string): Promise<LockOwner> {
  let text;
  try {
    text = (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (text === '') return 'empty';
  return /^\d+$/.test(text) ? Number(text) : 'garbage';
}

/** Writes our pid to `temp` and makes it durable; the temp file is removed if that fails. */
async function writePidFile(temp: string): Promise<void> {
  const handle = await open(temp, 'w', 0o600);
  try {
    await writeAll(handle, Buffer.from(`${process.pid}\n`));
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
  const temp = `${file}.tmp-${process.pid}`;
  await writePidFile(temp);
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
async function removeStaleLock(file: string, staleOwner: number | 'empty'): Promise<void> {
  const aside = `${file}.stale-${process.pid}`;
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const owner = await readOwner(aside);
  if (owner !== staleOwner) {
    await rename(aside, file);
    throw new LockHeldError(file, typeof owner === 'number' ? owner : null);
  }
  await rm(aside, { force: true });
}

/** Takes the lock or throws LockHeldError. Returns the function that releases it. */
export async function acquireLock(file: string): Promise<() => Promise<void>> {
  if (heldHere.has(file)) throw new LockHeldError(file, process.pid);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (await createLock(file)) {
      heldHere.add(file);
      return async () => {
        heldHere.delete(file);
        if ((await readOwner(file)) === process.pid) await rm(file, { force: true });
      };
    }
    const owner = await readOwner(file);
    if (owner === undefined) continue; // released between our two calls
    // Not a lock of ours: someone else's file, or a hand-written one. Leave it to the operator.
    if (owner === 'garbage') throw new LockHeldError(file, null);
    // Our own pid, but not held here: a previous life of this process (pid 1 in a container).
    if (owner !== 'empty' && owner !== process.pid && isRunning(owner)) throw new LockHeldError(file, owner);
    // An empty lock was left by an older version of this service, which created the file
    // first and wrote its pid into it next: a start that failed on a full disk left it empty
    // and exited. This version never creates it empty (see createLock), so no process can be
    // about to write into it: it is taken over like the lock of a dead process.
    await removeStaleLock(file, owner);
  }
  const owner = await readOwner(file);
  throw new LockHeldError(file, typeof owner === 'number' ? owner : null);
}
