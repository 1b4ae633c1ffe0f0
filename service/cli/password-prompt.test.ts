/**
 * `users add` at a terminal: the password is typed twice at a prompt that
 * does not show it. The command runs on a real pseudo-terminal, made by
 * util-linux's `script`, which passes on what the test types.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../auth/passwords';
import { readFileStore } from '../db/file-store';
import { useTempFolder } from '../test-support/per-test';

const CLI_ENTRY = fileURLToPath(new URL('./main.ts', import.meta.url));
const REPO_ROOT = path.resolve(path.dirname(CLI_ENTRY), '../..');
const PASSWORD = 'correct horse battery staple';

const temp = useTempFolder();

/** Runs `users add ann` on a terminal, typing each answer once its prompt shows. */
async function addAtTerminal(answers: readonly [string, string]) {
  const command = `'${process.execPath}' --import tsx '${CLI_ENTRY}' users add ann`;
  const child = spawn('script', ['--quiet', '--return', '--command', command, '/dev/null'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DB_FILE: temp.dbFile },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let screen = '';
  child.stdout.on('data', (chunk: Buffer) => (screen += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  await vi.waitFor(() => expect(screen).toContain('New password: '), { timeout: 20_000 });
  child.stdin.write(`${answers[0]}\r`);
  await vi.waitFor(() => expect(screen).toContain('The same password again: '), { timeout: 5_000 });
  child.stdin.write(`${answers[1]}\r`);
  const code = await exited;
  return { code, screen };
}

describe('users add at a terminal', () => {
  it('asks twice without showing what is typed, and adds the user', async () => {
    const { code, screen } = await addAtTerminal([PASSWORD, PASSWORD]);
    expect(screen).toContain('Added ann.');
    expect(screen).not.toContain('correct horse');
    expect(code).toBe(0);
    const [user] = (await readFileStore(temp.dbFile)).data.users;
    expect(await verifyPassword(user!.passwordHash, PASSWORD)).toBe(true);
  }, 30_000);

  it('adds no one when the two differ', async () => {
    const { code, screen } = await addAtTerminal([PASSWORD, `${PASSWORD}!`]);
    expect(screen).toContain('The two passwords differ: nothing was changed.');
    expect(code).toBe(1);
    expect((await readFileStore(temp.dbFile)).found).toBe(false);
  }, 30_000);
});
