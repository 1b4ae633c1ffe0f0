import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readlinkSync } from 'node:fs';
import { readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

/** The pid a lock file names (its first line). */
async function lockPid(file = lockFile): Promise<string> {
  return (await readFile(file, 'utf8')).split('\n')[0]!;
}

/** Sets a file's modification time `ms` in the past. */
async function age(file: string, ms: number): Promise<void> {
  const then = new Date(Date.now() - ms);
  await utimes(file, then, then);
}

describe('acquireLock', () => {
  it('writes our pid and PID namespace, and removes the file on release', async () => {
    const release = await acquireLock(lockFile);
    const [pid, namespace] = (await readFile(lockFile, 'utf8')).trim().split('\n');
    expect(pid).toBe(String(process.pid));
    expect(namespace).toContain(process.platform === 'linux' ? readlinkSync('/proc/self/ns/pid') : 'host ');
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

  it('takes over a lock whose pid now belongs to another process: it is running, but the lock has not been renewed for 15 s', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      const release = await acquireLock(lockFile);
      const namespace = (await readFile(lockFile, 'utf8')).split('\n')[1];
      await release();
      await writeFile(lockFile, `${child.pid}\n${namespace}\n`);
      await expect(acquireLock(lockFile)).rejects.toThrow(`Another process (pid ${child.pid}) holds ${lockFile}`);
      await age(lockFile, 16_000);
      const taken = await acquireLock(lockFile);
      expect(await lockPid()).toBe(String(process.pid));
      await taken();
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over the lock of a process that is gone', async () => {
    await writeFile(lockFile, `${await deadPid()}\n`);
    const release = await acquireLock(lockFile);
    expect(await lockPid()).toBe(String(process.pid));
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
    expect(await lockPid()).toBe(String(process.pid));
    await release();
  });
});

describe('a lock from another PID namespace (another container on the volume)', () => {
  // Our own pid, as two containers both running the service as pid 1 would have.
  const foreignLock = () => writeFile(lockFile, `${process.pid}\nanother-boot pid:[1]\n`);

  it('is refused while its owner renews it, after waiting for it to age', async () => {
    await foreignLock();
    const renewing = setInterval(() => void age(lockFile, 0), 50);
    try {
      const started = Date.now();
      const refusal = await acquireLock(lockFile, { staleMs: 400 }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(LockHeldError);
      expect((refusal as LockHeldError).message).toContain('another container or on another machine');
      // Its pid means nothing here: nobody may signal it.
      expect((refusal as LockHeldError).ownerPid).toBeNull();
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    } finally {
      clearInterval(renewing);
    }
  });

  it('is taken over once its owner has stopped renewing it', async () => {
    await foreignLock();
    await age(lockFile, 1_000);
    const release = await acquireLock(lockFile, { staleMs: 400 });
    expect((await readFile(lockFile, 'utf8')).split('\n')[1]).not.toBe('another-boot pid:[1]');
    await release();

    // Renewed a moment ago, then no more: taken over as soon as it has aged.
    await foreignLock();
    await (await acquireLock(lockFile, { staleMs: 400 }))();
  });

  it.skipIf(spawnSync('unshare', ['--pid', '--fork', 'true']).status !== 0)(
    'between two real processes each in its own PID namespace, both pid 1: the second is refused until the first is gone',
    async () => {
      const run = (...args: string[]) =>
        spawn('unshare', ['--pid', '--fork', '--kill-child', process.execPath, '--import', 'tsx', 'service/test-support/lock-holder.ts', lockFile, '100', '600', ...args]);
      const output = async (child: ReturnType<typeof run>) => {
        let text = '';
        child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
        await once(child, 'exit');
        return text.trim();
      };
      const holder = run('hold');
      try {
        await vi.waitFor(async () => expect(await lockPid()).toBe('1'), { timeout: 10_000 });
        expect(await output(run())).toMatch(/^refused: A process in another container or on another machine \(pid 1 there\)/);
      } finally {
        holder.kill('SIGKILL');
        await once(holder, 'exit');
      }
      expect(await output(run())).toBe('held by pid 1');
    },
    30_000,
  );
});

describe('while held', () => {
  it('is renewed, put back if deleted, and reported lost once another process has taken it over', async () => {
    const onLost = vi.fn();
    const release = await acquireLock(lockFile, { renewMs: 50, onLost });
    try {
      await age(lockFile, 10_000);
      await vi.waitFor(async () => expect(Date.now() - (await stat(lockFile)).mtimeMs).toBeLessThan(1_000));

      await rm(lockFile);
      await vi.waitFor(async () => expect(await lockPid()).toBe(String(process.pid)));
      expect(onLost).not.toHaveBeenCalled();

      await writeFile(lockFile, '4242\nanother-boot pid:[1]\n');
      await vi.waitFor(() => expect(onLost).toHaveBeenCalledWith(expect.stringContaining('must not write the store again')));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(onLost).toHaveBeenCalledTimes(1);
    } finally {
      await release();
    }
    // The release leaves the other owner's lock alone.
    expect(await lockPid()).toBe('4242');
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
      expect(await lockPid(lockOnDisk)).toBe(String(process.pid));
      await release();
    } finally {
      disk.unmount();
    }
  });
});
