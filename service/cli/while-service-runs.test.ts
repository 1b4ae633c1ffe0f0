/**
 * The CLI while the real service runs on the file store and holds its lock:
 * its changes go to the service over the control socket beside DB_FILE, and
 * the service makes them (with their audit entries).
 */
import { stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords';
import { openFileStore, readFileStore } from '../db/file-store';
import { makeSiteFixture, makeTempDir, postJson, validEnquiry } from '../test-support/fixtures';
import { sessionRecord, userRecord } from '../test-support/inbox-records';
import { TEST_KEYS } from '../test-support/keys';
import { CLI_ACTOR, runCli } from '../test-support/run-cli';
import { killIfRunning, startServer, type ServerProcess } from '../test-support/server-process';
import { addUser, findUser } from '../auth/staff-records';
import { auditLog } from '../audit-append';

const PASSWORD = 'correct horse battery staple';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let dbFile: string;
let socketPath: string;
let env: Record<string, string>;
let service: (ServerProcess & { url: string }) | null;

beforeEach(async () => {
  temp = await makeTempDir();
  dbFile = path.join(temp.dir, 'data', 'db.json');
  socketPath = `${dbFile}.sock`;
  // The service's keys for the CLI too, as an operator runs it beside the service.
  env = { DB_FILE: dbFile, DIST_DIR: await makeSiteFixture(temp.dir), RATE_LIMIT_PER_MINUTE: '0', CONTACT_CHALLENGE: 'off', ...TEST_KEYS };
  service = null;
});

afterEach(async () => {
  await killIfRunning(service);
  await temp.remove();
});

async function start() {
  service = await startServer(env);
  return service;
}

/** SIGTERM, as systemd stops it: the store is closed and the lock released. */
async function stop() {
  service!.child.kill('SIGTERM');
  expect(await service!.exited).toEqual({ code: 0, signal: null });
  service = null;
}

async function withStore<T>(use: (store: Awaited<ReturnType<typeof openFileStore>>) => Promise<T>): Promise<T> {
  const store = await openFileStore(dbFile);
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}

/** The control commands the service ran, in order, from its log. */
function commandsDone(log: string): string[] {
  return log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; command?: string })
    .filter((entry) => entry.msg === 'control: command done')
    .map((entry) => entry.command!);
}

describe('while the service runs on the file store', () => {
  it('users add: the service adds the user, which users list sees at once, on record', async () => {
    await start();
    const added = await runCli(env, ['users', 'add', 'advisor.ann'], { stdin: `${PASSWORD}\n` });
    expect(added).toMatchObject({ code: 0, err: '' });
    expect((await runCli(env, ['users', 'list'])).out).toMatch(/^1 user in .*\n\nUSERNAME .*\nadvisor\.ann /);
    const taken = await runCli(env, ['users', 'add', 'Advisor.Ann'], { stdin: `${PASSWORD}\n` });
    expect(taken).toEqual({ code: 1, out: '', err: 'The username Advisor.Ann is taken.\n' });
    expect((await runCli(env, ['audit'])).out).toMatch(new RegExp(`\\n1 +\\S+ \\S+ +${CLI_ACTOR} +user-add +- +advisor\\.ann\\n`));
    await stop();
    await withStore(async (store) => {
      expect(await verifyPassword((await findUser(store, 'advisor.ann'))!.passwordHash, PASSWORD)).toBe(true);
    });
  });

  it('users add and reset ask the service whether the name is taken, before any password is read', async () => {
    await withStore((store) => addUser(store, userRecord('advisor.ann')));
    const { output } = await start();
    expect(await runCli(env, ['users', 'add', 'ADVISOR.ANN'])).toEqual({ code: 1, out: '', err: 'The username ADVISOR.ANN is taken.\n' });
    expect(await runCli(env, ['users', 'reset', 'nobody'])).toEqual({ code: 1, out: '', err: 'No user nobody.\n' });
    // The log comes through the service's stdout pipe, after the answer may have.
    await expect.poll(() => commandsDone(output())).toEqual(['user-exists', 'user-exists']);
  });

  it('users reset: the service clears the second factor and ends every session of that user', async () => {
    const ann = userRecord('advisor.ann', { totpSecret: 'JBSWY3DPEHPK3PXP', recoveryCodeHashes: ['b'.repeat(64)] });
    const ben = userRecord('ben');
    const annSession = sessionRecord(ann.id);
    const benSession = sessionRecord(ben.id);
    await withStore(async (store) => {
      await addUser(store, ann);
      await addUser(store, ben);
      await store.atomically((tx) => tx.put('sessions', annSession));
      await store.atomically((tx) => tx.put('sessions', benSession));
    });
    await start();
    const reset = await runCli(env, ['users', 'reset', 'advisor.ann'], { stdin: 'a different long passphrase\n' });
    expect(reset).toMatchObject({ code: 0, err: '' });
    expect((await runCli(env, ['users', 'list'])).out).toMatch(/\nadvisor\.ann +\S+ \S+ +not yet/);
    await stop();
    await withStore(async (store) => {
      expect(await findUser(store, 'advisor.ann')).toMatchObject({ totpSecret: null, recoveryCodeHashes: [] });
      expect(await store.get('sessions', annSession.id)).toBeNull();
      expect(await store.get('sessions', benSession.id)).not.toBeNull();
      expect((await auditLog(store)).map((entry) => [entry.actor, entry.action])).toEqual([[CLI_ACTOR, 'user-reset']]);
    });
  });

  it('users remove, export, delete --email and list: done by the service, each on record, never with the address', async () => {
    await withStore((store) => addUser(store, userRecord('ben')));
    const { url } = await start();
    for (const email of ['ann@example.com', 'carl@example.com']) expect((await postJson(url, validEnquiry({ email }))).status).toBe(201);

    expect((await runCli(env, ['users', 'remove', 'ben'])).code).toBe(0);
    const exported = await runCli(env, ['export', '--format', 'json', '--email', 'ann@example.com']);
    expect(JSON.parse(exported.out)).toHaveLength(1);
    const deleted = await runCli(env, ['delete', '--email', 'ann@example.com']);
    expect(deleted).toEqual({ code: 0, out: 'Deleted 1 enquiry and 0 spam records from ann@example.com.\n', err: '' });
    expect((await runCli(env, ['list'])).out).not.toContain('ann@example.com');

    const audit = (await readFileStore(dbFile)).data.audit;
    expect(audit.map(({ actor, action, detail }) => [actor, action, detail])).toEqual([
      [CLI_ACTOR, 'user-remove', 'ben'],
      [CLI_ACTOR, 'export', 'json, 1 enquiry of one address'],
      [CLI_ACTOR, 'delete', '1 enquiry, 0 held records'],
      [CLI_ACTOR, 'list', 'enquiries, 1'],
    ]);
    expect(JSON.stringify(audit)).not.toContain('ann@');
    expect((await runCli(env, ['audit', 'verify'])).out).toBe('intact: 4 entries\n');
  });
});

function post(body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, method: 'POST', path: '/' }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('the control socket', () => {
  it('is its owner’s only, refuses what is not a command, and is removed when the service stops', async () => {
    await start();
    const socket = await stat(socketPath);
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
    expect(await post('{"command":"drop-everything"}')).toMatchObject({ status: 400 });
    expect(await post('not json')).toMatchObject({ status: 400 });
    await stop();
    await expect(stat(socketPath)).rejects.toThrow('ENOENT');
  });

  it('left behind by a killed service, is replaced by the next one', async () => {
    await start();
    service!.child.kill('SIGKILL');
    await service!.exited;
    expect((await stat(socketPath)).isSocket()).toBe(true);
    await start();
    expect((await runCli(env, ['users', 'add', 'advisor.ann'], { stdin: `${PASSWORD}\n` })).code).toBe(0);
  });

  it('is not opened over a file that is not a socket, and the site still serves', async () => {
    await withStore(async () => {}); // makes the data folder
    await writeFile(socketPath, 'not a socket');
    const { url, output } = await start();
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect(output()).toContain('the control socket could not be opened');
    expect(output()).toContain('exists and is not a socket: move it away');
  });
});
