/**
 * The file store's deployment secret (Store.deploymentSecret): 32 random
 * bytes, made once and kept as hex in DB_FILE.secret, beside the data file and
 * readable by its owner only. It is made complete in a temp file first and
 * then linked into place, which fails if the file exists: a crash never leaves
 * a half-written secret, and of two made at once the second reads the first.
 */
import { randomBytes } from 'node:crypto';
import { link, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { syncDirectory, writeTempFile } from './durable-fs';
import { StoreFileError } from '../store-interface';

const SECRET_BYTES = 32;
const SECRET_TEXT = /^[0-9a-f]{64}\n?$/;

export function deploymentSecretFile(dbFile: string): string {
  return `${dbFile}.secret`;
}

async function readSecret(file: string): Promise<Buffer | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new StoreFileError(file, `cannot be read (${(error as Error).message})`);
  }
  if (!SECRET_TEXT.test(text)) throw new StoreFileError(file, `must hold the deployment's secret: ${SECRET_BYTES * 2} hexadecimal digits`);
  return Buffer.from(text.slice(0, SECRET_BYTES * 2), 'hex');
}

/** The secret in `file`, made first if there is none; throws StoreFileError for a file that holds something else. */
export async function readOrCreateSecret(file: string): Promise<Buffer> {
  const existing = await readSecret(file);
  if (existing) return existing;
  const secret = randomBytes(SECRET_BYTES);
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
