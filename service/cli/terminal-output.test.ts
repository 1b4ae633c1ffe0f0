/**
 * What the real CLI (main.ts, in a child process) writes where an operator
 * reads it: through a pipe, and to a terminal (a pseudo-terminal made by
 * util-linux's `script`).
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeFilesFor } from '../db/store-files';
import { enquiryRecord, journalText, makeTempDir } from '../test-support/fixtures';

const CLI_ENTRY = fileURLToPath(new URL('./main.ts', import.meta.url));
const REPO_ROOT = path.resolve(path.dirname(CLI_ENTRY), '../..');
const run = promisify(execFile);

/** A C1 control (CSI, which starts a terminal command as ESC [ does), NEL, DEL and a right-to-left override. */
const HOSTILE_TEXT = 'Ann\u009b2J\u0085\u007f\u202eevil';
// eslint-disable-next-line no-control-regex -- looking for control characters is the point
const RAW_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u001b]/;

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let dbFile: string;

beforeEach(async () => {
  temp = await makeTempDir();
  dbFile = path.join(temp.dir, 'data', 'db.json');
  // Written to the files directly: a stored name may predate the checks the service makes today.
  await mkdir(path.dirname(dbFile), { recursive: true });
  await writeFile(storeFilesFor(dbFile).journal, journalText(0, [enquiryRecord(1, { firstName: HOSTILE_TEXT })]));
});

afterEach(() => temp.remove());

/** The CLI with its standard output a pipe. */
async function cli(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI_ENTRY, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The CLI in a terminal: `script` runs it on a pseudo-terminal and copies what it shows (stdout and stderr) to us. */
async function cliInTerminal(env: Record<string, string>, ...args: string[]) {
  const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
  const command = [process.execPath, '--import', 'tsx', CLI_ENTRY, ...args].map(quote).join(' ');
  const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let shown = '';
  child.stdout.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  const [code] = await once(child, 'exit');
  return { code: code as number, shown };
}

describe('export --format json', () => {
  it('writes C1 controls, DEL and bidirectional marks as \\u escapes, in JSON that parses back to the same text', async () => {
    const { code, stdout } = await cli({ DB_FILE: dbFile }, 'export', '--format', 'json');
    expect(code).toBe(0);
    expect(stdout).not.toMatch(RAW_UNSAFE);
    expect(stdout).toContain('"firstName": "Ann\\u009B2J\\u0085\\u007F\\u202Eevil"');
    expect((JSON.parse(stdout) as { firstName: string }[])[0]!.firstName).toBe(HOSTILE_TEXT);
  });
});

describe('export --format csv', () => {
  it('is refused in a terminal, with a sentence that names --out', async () => {
    const { code, shown } = await cliInTerminal({ DB_FILE: dbFile }, 'export', '--format', 'csv');
    expect(code).toBe(2);
    expect(shown).toContain('CSV is written to a file, not to the terminal: add --out FILE (or redirect it: > enquiries.csv).');
    expect(shown).not.toContain('"firstName"');
    expect(shown).not.toMatch(RAW_UNSAFE);
  });

  it('still goes to a pipe as it is, for a spreadsheet', async () => {
    const { code, stdout } = await cli({ DB_FILE: dbFile }, 'export', '--format', 'csv');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\ufeff"id","createdAt","firstName"/);
    expect(stdout).toContain(`"${HOSTILE_TEXT}"`);
  });
});

describe('test-alert', () => {
  let receiver: http.Server;
  let hookUrl: string;

  beforeEach(async () => {
    // A receiver whose refusal tries to clear the screen and reverse the line after it.
    receiver = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(400, { 'content-type': 'text/plain' }).end('no\u001b[2J\u009b31m\u202eesrever'));
    });
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/services/T0001/B0002/SecretPartOfTheUrl`;
  });

  afterEach(() => new Promise((resolve) => receiver.close(resolve)));

  it("escapes the receiver's answer and shows the webhook URL as its origin only", async () => {
    const { code, shown } = await cliInTerminal({ DB_FILE: dbFile, NOTIFY_WEBHOOK_URL: hookUrl }, 'test-alert');
    expect(code).toBe(1);
    expect(shown).toContain(`webhook ${new URL(hookUrl).origin}/…: refused (permanent). HTTP 400: no\\u001B[2J\\u009B31m\\u202Eesrever`);
    expect(shown).not.toContain('SecretPartOfTheUrl');
    expect(shown).not.toContain('T0001');
    expect(shown).not.toMatch(RAW_UNSAFE);
  });
});
