/**
 * File writes that survive a crash or a power cut. steno (lowdb's writer)
 * renames a temp file into place but never fsyncs, so the rename can reach
 * the disk before the data does; these helpers fsync the file and then the
 * folder that holds its name.
 */
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
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

export interface WriteDurablyOptions {
  /** Asked once the new file is complete, before it replaces the old one; false leaves the old one. */
  replace?: () => boolean;
}

/**
 * Replaces `file` with `pieces` atomically and durably: a temp file in the
 * same folder, fsync, rename over the old one, fsync the folder. A crash at
 * any point leaves either the old file or the new one, never a mix. Each
 * piece is written before the next is made, so a large file lets other work
 * run in between. Resolves with false when `replace` said no.
 */
export async function writeFileDurably(
  file: string,
  pieces: string | Iterable<string>,
  { replace = () => true }: WriteDurablyOptions = {},
): Promise<boolean> {
  const temp = `${file}.tmp-${process.pid}`;
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
  try {
    if (!replace()) {
      await rm(temp, { force: true });
      return false;
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(path.dirname(file));
  return true;
}
