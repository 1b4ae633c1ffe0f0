import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openFileStore } from './file-store';
import { makeTempDir } from '../test-support/fixtures';
import { deploymentSecretFile, readOrCreateSecret } from './deployment-secret-file';
import { StoreFileError } from '../store-interface';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let dbFile: string;

beforeEach(async () => {
  temp = await makeTempDir();
  dbFile = path.join(temp.dir, 'db.json');
});

afterEach(() => temp.remove());

describe('the file store’s deployment secret', () => {
  it('is made once, beside the data file, readable by its owner only, and read back after', async () => {
    const file = deploymentSecretFile(dbFile);
    expect(path.dirname(file)).toBe(temp.dir);
    const made = await readOrCreateSecret(file);
    expect(made).toHaveLength(32);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readOrCreateSecret(file)).toEqual(made);
  });

  it('is the same for two made at once: the second reads the first', async () => {
    const file = deploymentSecretFile(dbFile);
    const [a, b] = await Promise.all([readOrCreateSecret(file), readOrCreateSecret(file)]);
    expect(b).toEqual(a);
  });

  it.each([
    ['empty', ''],
    ['too short', `${'ab'.repeat(16)}\n`],
    ['not hexadecimal', `${'zz'.repeat(32)}\n`],
  ])('refuses a file that is %s, and leaves it as it is', async (_name, text) => {
    const file = deploymentSecretFile(dbFile);
    await writeFile(file, text, { mode: 0o600 });
    await expect(readOrCreateSecret(file)).rejects.toThrow(StoreFileError);
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('is what the store opens with: a malformed one stops the start', async () => {
    const store = await openFileStore(dbFile);
    const secret = await store.deploymentSecret();
    await store.close();
    expect(await readOrCreateSecret(deploymentSecretFile(dbFile))).toEqual(secret);

    await writeFile(deploymentSecretFile(dbFile), 'not a secret\n');
    await expect(openFileStore(dbFile)).rejects.toThrow(StoreFileError);
  });
});
