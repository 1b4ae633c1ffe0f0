import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openFileStore } from '../db/file-store';
import { makeTempDir, validSubmission } from '../test-support/fixtures';

const CLI_ENTRY = fileURLToPath(new URL('./main.ts', import.meta.url));
const REPO_ROOT = path.resolve(path.dirname(CLI_ENTRY), '../..');

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let dbFile: string;

beforeEach(async () => {
  temp = await makeTempDir();
  dbFile = path.join(temp.dir, 'data', 'db.json');
  const store = await openFileStore(dbFile);
  await store.submitEnquiry(validSubmission());
  await store.close();
});

afterEach(() => temp.remove());

describe('npm run enquiries -- list, piped into a reader that closes early', () => {
  it('exits 0 without a word on stderr', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI_ENTRY, 'list'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DB_FILE: dbFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Our end of the pipe is closed before the command writes, as `| head -1` does after its line.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = await once(child, 'exit');
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
