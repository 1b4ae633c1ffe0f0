/**
 * File writes that survive a crash or a power cut. steno (lowdb's writer)
 * renames a temp file into place but never fsyncs, so the rename can reach
 * the disk before the data does; these helpers fsync the file and then the
 * folder that holds its name.
 */
import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/** Makes the folder's entries (a rename, a new file) durable. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes every byte; `write` may write fewer bytes than asked. */
export async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}

/**
 * A name suffix no other writer uses: the pid, and random bytes, so that two
 * writes of one file in one process (a checkpoint and a repair) never share a temp file.
 */
export const uniqueSuffix = () => `${process.pid}-${randomBytes(6).toString('hex')}`;

/** The prefix of every temp file made for `file`: what a start may sweep away (removeTempFiles). */
const tempPrefix = (file: string) => `${path.basename(file)}.tmp-`;

/**
 * Writes `pieces` into a new temp file beside `file` and makes it durable;
 * resolves with its path. Each piece is written before the next is made, so
 * a large file lets other work run in between. The temp file is removed if
 * the write fails.
 */
export async function writeTempFile(file: string, pieces: string | Iterable<string>): Promise<string> {
  const temp = path.join(path.dirname(file), `${tempPrefix(file)}${uniqueSuffix()}`);
  const handle = await open(temp, 'w', 0o600);
  try {
    for (const piece of typeof pieces === 'string' ? [pieces] : pieces) await writeAll(handle, Buffer.from(piece, 'utf8'));
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  return temp;
}

/** Renames the complete `temp` over `file` and makes the rename durable; on failure the temp file is removed. */
export async function moveIntoPlace(temp: string, file: string): Promise<void> {
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(path.dirname(file));
}

/**
 * Replaces `file` with `pieces` atomically and durably: a temp file in the
 * same folder, fsync, rename over the old one, fsync the folder. A crash at
 * any point leaves either the old file or the new one, never a mix.
 */
export async function writeFileDurably(file: string, pieces: string | Iterable<string>): Promise<void> {
  await moveIntoPlace(await writeTempFile(file, pieces), file);
}

/** Removes the temp files a crash left beside `file`. Only for the lock's holder: another writer's may be in use. */
export async function removeTempFiles(file: string): Promise<void> {
  const dir = path.dirname(file);
  const prefix = tempPrefix(file);
  const names = await readdir(dir).catch(() => []);
  await Promise.all(names.filter((name) => name.startsWith(prefix)).map((name) => rm(path.join(dir, name), { force: true })));
}
