/**
 * One writer per data file: a lock file beside it (data/db.json.lock) that
 * holds the owner's process id. A lock whose process is gone (the service was
 * killed) is taken over; a lock of a running process is refused. Readers do
 * not lock. The pid check only sees processes of this machine and PID
 * namespace: two containers sharing one volume must not run at once.
 */
import { open, readFile, rename, rm } from 'node:fs/promises';

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

/** The pid in a lock file; undefined when the file is gone, null when it holds no pid. */
async function readOwner(file: string): Promise<number | null | undefined> {
  try {
    const text = (await readFile(file, 'utf8')).trim();
    return /^\d+$/.test(text) ? Number(text) : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function createLock(file: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(`${process.pid}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return true;
}

/**
 * Removes a lock left by a dead process. It is moved aside first and checked:
 * if another starter replaced it in the meantime, it is put back and we refuse.
 */
async function removeStaleLock(file: string, deadPid: number): Promise<void> {
  const aside = `${file}.stale-${process.pid}`;
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const owner = await readOwner(aside);
  if (owner !== deadPid) {
    await rename(aside, file);
    throw new LockHeldError(file, owner ?? null);
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
    // Our own pid, but not held here: a previous life of this process (pid 1 in a container).
    if (owner === null || (owner !== process.pid && isRunning(owner))) throw new LockHeldError(file, owner);
    await removeStaleLock(file, owner);
  }
  throw new LockHeldError(file, (await readOwner(file)) ?? null);
}
