import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LockHeldError } from '../store-interface';
import { makeTempDir } from '../test-support/fixtures';
import { canMountSmallDisk, mountSmallDisk, SMALL_DISK_NEEDS } from '../test-support/small-disk';
import { skipUnless } from '../test-support/skip-unless';
import { lockStore } from './store-lock';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let dbFile: string;
let lock: string;
const children: ReturnType<typeof spawn>[] = [];

beforeEach(async () => {
  temp = await makeTempDir();
  dbFile = path.join(temp.dir, 'db.json');
  lock = `${dbFile}.lock`;
});

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await temp.remove();
});

/** Another process holding the lock (test-support/lock-holder.ts), optionally in a PID namespace of its own. */
function holder(args: string[], { ownNamespace = false } = {}) {
  const command = [process.execPath, '--import', 'tsx', 'service/test-support/lock-holder.ts', dbFile, ...args];
  const child = ownNamespace ? spawn('unshare', ['--pid', '--fork', '--kill-child', ...command]) : spawn(command[0]!, command.slice(1));
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output.trim(), exited: once(child, 'exit') };
}

const ownerPid = async () => (await readFile(`${lock}.owner`, 'utf8')).split('\n')[0];

/** What a service in another container leaves: its lock, naming a pid that means nothing here. */
async function foreignLock() {
  await mkdir(lock);
  await writeFile(`${lock}.owner`, `${process.pid}\nanother-boot pid:[1]\n`);
}

describe('lockStore', () => {
  it('names its holder beside the lock, and removes both on release', async () => {
    const release = await lockStore(dbFile);
    expect((await stat(lock)).isDirectory()).toBe(true);
    expect(await ownerPid()).toBe(String(process.pid));
    await release();
    expect(await readdir(temp.dir)).toEqual([]);
  });

  it('refuses a second holder in the same process', async () => {
    const release = await lockStore(dbFile);
    await expect(lockStore(dbFile)).rejects.toThrow(LockHeldError);
    await release();
  });

  it('refuses at once a lock held by a running process, naming its pid', async () => {
    const running = holder(['10000', 'hold']);
    await vi.waitFor(() => expect(running.output()).toMatch(/^held by pid/), { timeout: 10_000 });
    const refusal = await lockStore(dbFile).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(LockHeldError);
    expect((refusal as Error).message).toContain(`Another process (pid ${running.child.pid}) holds ${lock}`);
  });

  it('takes over at once the lock of a process that was killed, though its lock is fresh', async () => {
    const killed = holder(['10000', 'hold']);
    await vi.waitFor(() => expect(killed.output()).toMatch(/^held by pid/), { timeout: 10_000 });
    killed.child.kill('SIGKILL');
    await killed.exited;
    const started = Date.now();
    const release = await lockStore(dbFile);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await ownerPid()).toBe(String(process.pid));
    await release();
  });
});

describe('a lock from another PID namespace (another container on the volume)', () => {
  it('is refused while its holder renews it, after waiting for it to go stale', async () => {
    await foreignLock();
    const renewing = setInterval(() => void utimes(lock, new Date(), new Date()).catch(() => {}), 200);
    try {
      const started = Date.now();
      const refusal = await lockStore(dbFile, { staleMs: 2_000 }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(LockHeldError);
      expect((refusal as Error).message).toContain('another container or on another machine');
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    } finally {
      clearInterval(renewing);
    }
  });

  it('is taken over once its holder has stopped renewing it', async () => {
    await foreignLock();
    const release = await lockStore(dbFile, { staleMs: 2_000 });
    expect(await ownerPid()).toBe(String(process.pid));
    expect(await readFile(`${lock}.owner`, 'utf8')).not.toContain('another-boot');
    await release();
  });

  skipUnless(
    spawnSync('unshare', ['--pid', '--fork', 'true']).status === 0,
    'unshare --pid --fork (Debian package util-linux; a PID namespace needs root)',
  )(
    'between two real processes each in its own PID namespace, both pid 1: the second is refused until the first is gone',
    async () => {
      const first = holder(['2000', 'hold'], { ownNamespace: true });
      await vi.waitFor(() => expect(first.output()).toBe('held by pid 1'), { timeout: 10_000 });
      const second = holder(['2000'], { ownNamespace: true });
      await second.exited;
      expect(second.output()).toMatch(/^refused: A process in another container or on another machine \(pid 1 there\)/);
      first.child.kill('SIGKILL');
      await first.exited;
      const third = holder(['2000'], { ownNamespace: true });
      await third.exited;
      expect(third.output()).toBe('held by pid 1');
    },
    30_000,
  );
});

describe('while held', () => {
  it('is renewed, put back if deleted, and reported lost once another process has taken it over', async () => {
    const onLost = vi.fn();
    const release = await lockStore(dbFile, { staleMs: 2_000, onLost });
    try {
      const renewedAt = (await stat(lock)).mtimeMs;
      await vi.waitFor(async () => expect((await stat(lock)).mtimeMs).toBeGreaterThan(renewedAt), { timeout: 3_000 });

      const ownerBefore = (await stat(`${lock}.owner`)).ino;
      await rm(lock, { recursive: true });
      // Put back whole: the folder, then the owner file written anew.
      await vi.waitFor(async () => expect((await stat(`${lock}.owner`)).ino).not.toBe(ownerBefore), { timeout: 3_000 });
      expect((await stat(lock)).isDirectory()).toBe(true);
      expect(await ownerPid()).toBe(String(process.pid));
      expect(onLost).not.toHaveBeenCalled();

      // Taken over: another holder's name, and a renewal that is not ours.
      await writeFile(`${lock}.owner`, '4242\nanother-boot pid:[1]\n');
      const theirs = new Date(Date.now() + 1_000);
      await utimes(lock, theirs, theirs);
      await vi.waitFor(() => expect(onLost).toHaveBeenCalledWith(expect.stringContaining('must not write the store again')), {
        timeout: 3_000,
      });
    } finally {
      await release();
    }
    // The release leaves the other holder's lock alone.
    expect(await ownerPid()).toBe('4242');
    expect((await stat(lock)).isDirectory()).toBe(true);
  });
});

describe('lockStore on a full disk', () => {
  skipUnless(canMountSmallDisk, SMALL_DISK_NEEDS)(
    'fails without leaving a lock, and succeeds once space is free (needs root to mount a tmpfs)',
    async () => {
      const disk = await mountSmallDisk(path.join(temp.dir, 'disk'));
      try {
        const onDisk = path.join(disk.dir, 'db.json');
        await disk.fill();
        await expect(lockStore(onDisk)).rejects.toThrow(/ENOSPC/);
        expect(await readdir(disk.dir)).toEqual(['fill']); // no lock, no owner, no temp file
        await disk.free();
        const release = await lockStore(onDisk);
        await release();
      } finally {
        disk.unmount();
      }
    },
  );
});
