/**
 * The file store's deployment secret (Store.deploymentSecret): 32 random
 * bytes, made once and kept as hex in DB_FILE.secret, beside the data file and
 * readable by its owner only. It is made complete in a temp file first and
 * then linked into place, which fails if the file exists: a crash never leaves
 * a half-written secret, and of two made at once the second reads the first.
 */
import { randomBytes } from 'node:crypto';
import { link, rm } from 'node:fs/promises';
import path from 'node:path';
import { StoreFileError } from '../store-interface';
import { syncDirectory, writeTempFile } from './durable-fs';
import { readTextOrNull } from './store-files';

const SECRET_TEXT = /^([0-9a-f]{64})\n?$/;

export function deploymentSecretFile(dbFile: string): string {
  return `${dbFile}.secret`;
}

async function readSecret(file: string): Promise<Buffer | null> {
  const text = await readTextOrNull(file);
  if (text === null) return null;
  const hex = SECRET_TEXT.exec(text)?.[1];
  if (hex === undefined) throw new StoreFileError(file, "must hold the deployment's secret: 64 hexadecimal digits");
  return Buffer.from(hex, 'hex');
}

/** The secret in `file`, made first if there is none; throws StoreFileError for a file that holds something else. */
export async function readOrCreateSecret(file: string): Promise<Buffer> {
  const existing = await readSecret(file);
  if (existing) return existing;
  const secret = randomBytes(32);
  const temp = await writeTempFile(file, `${secret.toString('hex')}\n`);
  try {
    await link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readSecret(file))!;
  } finally {
    await rm(temp, { force: true });
  }
  await syncDirectory(path.dirname(file));
  return secret;
}
