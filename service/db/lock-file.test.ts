import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test-support/fixtures';
import { canMountSmallDisk, mountSmallDisk } from '../test-support/small-disk';
import { acquireLock, LockHeldError } from './lock-file';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let lockFile: string;

beforeEach(async () => {
  temp = await makeTempDir();
  lockFile = path.join(temp.dir, 'db.json.lock');
});

afterEach(() => temp.remove());

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid!;
}

describe('acquireLock', () => {
  it('writes our pid and removes the file on release', async () => {
    const release = await acquireLock(lockFile);
    expect((await readFile(lockFile, 'utf8')).trim()).toBe(String(process.pid));
    await release();
    await expect(stat(lockFile)).rejects.toThrow('ENOENT');
  });

  it('refuses a second holder in the same process', async () => {
    const release = await acquireLock(lockFile);
    await expect(acquireLock(lockFile)).rejects.toThrow(LockHeldError);
    await release();
    await (await acquireLock(lockFile))();
  });

  it('refuses a lock held by a running process and names it', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await writeFile(lockFile, `${child.pid}\n`);
      await expect(acquireLock(lockFile)).rejects.toThrow(`Another process (pid ${child.pid}) holds ${lockFile}`);
      expect((await readFile(lockFile, 'utf8')).trim()).toBe(String(child.pid));
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over the lock of a process that is gone', async () => {
    await writeFile(lockFile, `${await deadPid()}\n`);
    const release = await acquireLock(lockFile);
    expect((await readFile(lockFile, 'utf8')).trim()).toBe(String(process.pid));
    await release();
  });

  it('takes over a lock with our own pid from an earlier life of this process (pid 1 in a container)', async () => {
    await writeFile(lockFile, `${process.pid}\n`);
    const release = await acquireLock(lockFile);
    await release();
  });

  it('refuses a lock file without a pid, and says how to clear it', async () => {
    await writeFile(lockFile, 'not a pid');
    await expect(acquireLock(lockFile)).rejects.toThrow('delete it and try again');
  });

  it('takes over an empty lock left by an older version that failed while writing it', async () => {
    await writeFile(lockFile, '');
    const release = await acquireLock(lockFile);
    expect((await readFile(lockFile, 'utf8')).trim()).toBe(String(process.pid));
    await release();
  });
});

describe('acquireLock on a full disk', () => {
  it.skipIf(!canMountSmallDisk)('fails without leaving a lock, and succeeds once space is free (needs root to mount a tmpfs)', async () => {
    const disk = await mountSmallDisk(path.join(temp.dir, 'disk'));
    try {
      const lockOnDisk = path.join(disk.dir, 'db.json.lock');
      await disk.fill();
      await expect(acquireLock(lockOnDisk)).rejects.toThrow(/ENOSPC/);
      expect(await readdir(disk.dir)).toEqual(['fill']); // no lock, no temp file

      await disk.free();
      const release = await acquireLock(lockOnDisk);
      expect((await readFile(lockOnDisk, 'utf8')).trim()).toBe(String(process.pid));
      await release();
    } finally {
      disk.unmount();
    }
  });
});
