/**
 * A real full disk for the tests: a 512 KiB tmpfs that a file fills to the
 * last byte. Mounting needs root; tests that use it are declared with
 * skipUnless(canMountSmallDisk, SMALL_DISK_NEEDS), so that CI (root, with
 * REQUIRE_ALL_TESTS=1) fails rather than skips them without it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, rm, statfs } from 'node:fs/promises';
import path from 'node:path';

export const canMountSmallDisk = process.getuid?.() === 0;
/** Why a small-disk test cannot run where canMountSmallDisk is false. */
export const SMALL_DISK_NEEDS = 'mounting a 512 KiB tmpfs needs root';

/**
 * A message whose record is longer than a memory page (4 KiB): a full tmpfs still takes an append that fits in the
 * free end of a file's last page, so a write that must be refused has to need a page of its own.
 */
export const MORE_THAN_A_PAGE = 'x'.repeat(4_200);

export interface SmallDisk {
  dir: string;
  /** Writes a file until no byte is left. */
  fill(): Promise<void>;
  /** Removes that file. */
  free(): Promise<void>;
  unmount(): void;
}

export async function mountSmallDisk(dir: string): Promise<SmallDisk> {
  await mkdir(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=512k', 'tmpfs', dir]);
  const filler = path.join(dir, 'fill');
  return {
    dir,
    async fill() {
      // dd stops with "No space left on device": its exit code is not the point, the free space is.
      spawnSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=4k']);
      if ((await statfs(dir)).bavail !== 0) throw new Error(`${dir} still has free space`);
    },
    free: () => rm(filler, { force: true }),
    // Lazy: a test that failed with a store still open there reports its own failure, not umount's "busy"; the
    // tmpfs goes once that store is closed.
    unmount: () => execFileSync('umount', ['--lazy', dir]),
  };
}
