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

/** The prefix of every temp file made for `file`: what a start may sweep away (removeTempFiles). */
const tempPrefix = (file: string) => `${path.basename(file)}.tmp-`;

/**
 * Writes `pieces` into a new temp file beside `file` and makes it durable;
 * resolves with its path. The temp file is removed if the write fails.
 */
export async function writeTempFile(file: string, pieces: string | Iterable<string>): Promise<string> {
  const temp = path.join(path.dirname(file), `${tempPrefix(file)}${process.pid}-${randomBytes(6).toString('hex')}`);
  try {
    const handle = await open(temp, 'w', 0o600);
    try {
      for (const piece of typeof pieces === 'string' ? [pieces] : pieces) await writeAll(handle, Buffer.from(piece, 'utf8'));
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return temp;
}

/**
 * Replaces `file` with `pieces` atomically and durably: a temp file in the
 * same folder, fsync, rename over the old one, fsync the folder. A crash at
 * any point leaves either the old file or the new one, never a mix.
 */
export async function writeFileDurably(file: string, pieces: string | Iterable<string>): Promise<void> {
  const temp = await writeTempFile(file, pieces);
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(path.dirname(file));
}

/** Removes the temp files a crash left beside `file`. Only for the lock's holder: another writer's may be in use. */
export async function removeTempFiles(file: string): Promise<void> {
  const dir = path.dirname(file);
  const prefix = tempPrefix(file);
  const names = await readdir(dir).catch(() => []);
  await Promise.all(names.filter((name) => name.startsWith(prefix)).map((name) => rm(path.join(dir, name), { force: true })));
}
