/**
 * File writes that survive a crash or a power cut. steno (lowdb's writer)
 * renames a temp file into place but never fsyncs, so the rename can reach
 * the disk before the data does; these fsync the file, then the folder that
 * holds its name.
 */
import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/** Makes the folder's entries (a rename, a new file) durable. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  await handle.sync().finally(() => handle.close());
}

/** Writes every byte: `write` may write fewer than asked. */
export async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  for (let offset = 0; offset < bytes.length;) offset += (await handle.write(bytes, offset)).bytesWritten;
}

/** The prefix of every temp file made for `file`: what removeTempFiles sweeps away. */
const tempPrefix = (file: string) => `${path.basename(file)}.tmp-`;

/** Writes `pieces` into a new temp file beside `file`, readable by its owner only, fsynced; resolves with its path. */
export async function writeTempFile(file: string, pieces: string | Iterable<string>): Promise<string> {
  const temp = path.join(path.dirname(file), `${tempPrefix(file)}${process.pid}-${randomBytes(6).toString('hex')}`);
  await writeFile(temp, pieces, { mode: 0o600, flush: true }).catch(removing(temp));
  return temp;
}

/** Replaces `file` with `pieces` atomically and durably: a crash at any point leaves the old file or the new one. */
export async function writeFileDurably(file: string, pieces: string | Iterable<string>): Promise<void> {
  const temp = await writeTempFile(file, pieces);
  await rename(temp, file).catch(removing(temp));
  await syncDirectory(path.dirname(file));
}

/** Removes the temp files a crash left beside `file`. Only for the lock's holder: another writer's may be in use. */
export async function removeTempFiles(file: string): Promise<void> {
  const dir = path.dirname(file);
  const names = await readdir(dir).catch(() => []);
  const temps = names.filter((name) => name.startsWith(tempPrefix(file)));
  await Promise.all(temps.map((name) => rm(path.join(dir, name), { force: true })));
}

const removing = (temp: string) => async (error: unknown) => {
  await rm(temp, { force: true });
  throw error;
};
