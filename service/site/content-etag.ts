/**
 * A content-hash ETag for each file of the built site. Last-Modified alone
 * cannot tell a rollback (an older file put back, with its older mtime) from
 * the file a browser holds: If-Modified-Since would answer it 304 and the
 * browser would keep the newer, withdrawn file. A hash of the bytes changes
 * whenever the content does, whichever way the clock goes.
 */
import { createHash } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';

/** Past this many files the remembered hashes are dropped: hashed asset names pile up over deploys. */
const MAX_REMEMBERED_FILES = 1_000;

/**
 * What identifies one content of a file without reading it. ctime is in it
 * because it moves on every write and cannot be set back (mtime can: `cp -p`,
 * `touch -d`, a tar extract).
 */
function versionOf(stats: Stats): string {
  return `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
}

async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('base64url');
}

export type EtagFor = (file: string, stats: Stats) => Promise<string | undefined>;

/**
 * Returns the function that gives the ETag of `file` as it was when `stats`
 * were taken (by koa-send, just before it opened the file), or undefined when
 * the file changed or went away meanwhile: then the hash might not be of the
 * bytes being sent, and an answer without ETag is safe where a wrong one is not.
 */
export function createContentEtags(): EtagFor {
  const remembered = new Map<string, { version: string; etag: string }>();
  return async function etagFor(file, stats) {
    const version = versionOf(stats);
    const known = remembered.get(file);
    if (known?.version === version) return known.etag;
    let digest;
    try {
      digest = await hashFile(file);
      if (versionOf(await stat(file)) !== version) return undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    // Weak: koa-compress gzips some answers on the fly under the same ETag, and a strong
    // ETag promises identical bytes. If-None-Match compares weakly, so 304s still work.
    const etag = `W/"${digest}"`;
    if (remembered.size >= MAX_REMEMBERED_FILES) remembered.clear();
    remembered.set(file, { version, etag });
    return etag;
  };
}
