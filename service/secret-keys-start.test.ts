/**
 * AUDIT_KEY and TOTP_KEY at start, on the real service process and either
 * store: a fresh store starts without them (and says to set them before going
 * live); an audit log without AUDIT_KEY, or a stored two-factor secret without
 * TOTP_KEY (or with another one), is a refusal that says how to make the key;
 * with the keys, the log is keyed from there and clear secrets are sealed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openFileStore, readFileStore } from './db/file-store';
import { openPostgresStore } from './db/postgres/postgres-store';
import type { Store } from './store-interface';
import { makeSiteFixture, makeTempDir } from './test-support/fixtures';
import { auditEntry, userRecord } from './test-support/inbox-records';
import { TEST_KEYS } from './test-support/keys';
import { usePostgresPerFile } from './test-support/postgres-per-file';
import { runCli } from './test-support/run-cli';
import { spawnServer, startServer, useServiceBundle, type ServerProcess } from './test-support/server-process';
import { databaseText, fileStoreText } from './test-support/store-text';
import { addUser } from './auth/staff-records';
import { appendAudit } from './audit-append';

const postgres = usePostgresPerFile();
let temp: Awaited<ReturnType<typeof makeTempDir>>;
let siteEnv: Record<string, string>;
const running: ServerProcess[] = [];
// Seventeen starts in this file: the bundle `npm start` runs, built once, rather than Node with a TypeScript loader each time.
const serviceBundle = useServiceBundle();

beforeEach(async () => {
  temp = await makeTempDir();
  siteEnv = { DIST_DIR: await makeSiteFixture(temp.dir), CONTACT_CHALLENGE: 'off' };
});

afterEach(async () => {
  for (const server of running.splice(0)) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await temp.remove();
});

const NO_KEYS = { AUDIT_KEY: '', TOTP_KEY: '' };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

interface Target {
  env: Record<string, string>;
  open: () => Promise<Store>;
  text: () => Promise<string>;
}

const targets: [string, () => Promise<Target>][] = [
  [
    'the file store',
    async () => {
      const dbFile = path.join(temp.dir, 'data', 'db.json');
      return { env: { DB_FILE: dbFile }, open: () => openFileStore(dbFile), text: () => fileStoreText(dbFile) };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const url = await postgres().createDatabase();
      return { env: { DATABASE_URL: url }, open: () => openPostgresStore(url), text: () => databaseText(url) };
    },
  ],
];

async function seeded(target: Target, seed: (store: Store) => Promise<unknown>) {
  const store = await target.open();
  try {
    await seed(store);
  } finally {
    await store.close();
  }
}

/** Starts the service and stops it cleanly once it listens. */
async function startAndStop(env: Record<string, string>): Promise<string> {
  const server = await startServer({ ...siteEnv, ...env }, { entry: serviceBundle() });
  running.push(server);
  server.child.kill('SIGTERM');
  expect(await server.exited).toEqual({ code: 0, signal: null });
  return server.output();
}

async function refusal(env: Record<string, string>): Promise<string> {
  const server = spawnServer({ ...siteEnv, ...env }, { entry: serviceBundle() });
  running.push(server);
  expect(await server.exited).toEqual({ code: 1, signal: null });
  return server.output();
}

describe.each(targets)('the keys at start, on %s', (_, makeTarget) => {
  it('a fresh store starts without either key, and the start-up line says to set them before going live', async () => {
    const target = await makeTarget();
    const output = await startAndStop({ ...target.env, ...NO_KEYS });
    expect(output).toContain('AUDIT_KEY and TOTP_KEY are not set: fine for trying the site, but set them before going live');
  });

  it('refuses to start without AUDIT_KEY once an audit log exists, saying how to make one; with it, keys the log from there', async () => {
    const target = await makeTarget();
    await seeded(target, (store) => appendAudit(store, auditEntry({ at: '2026-03-01T01:00:00.000Z' })));
    const output = await refusal({ ...target.env, ...NO_KEYS });
    expect(output).toContain('The service could not start.');
    expect(output).toContain('AUDIT_KEY is not set');
    expect(output).toContain('openssl rand -base64 32');

    expect(await startAndStop({ ...target.env, ...TEST_KEYS })).not.toContain('AUDIT_KEY');
    const verify = await runCli({ ...target.env, AUDIT_KEY: TEST_KEYS.AUDIT_KEY }, ['audit', 'verify']);
    expect(verify).toEqual({
      code: 0,
      out: 'intact: 2 entries; the first 1 from before AUDIT_KEY was set, anchored by the first keyed one\n',
      err: '',
    });
    expect((await runCli(target.env, ['audit'])).out).toContain('audit-key');

    // Another key, by mistake or a rotation: refused by the service and the CLI, and nothing is appended under it.
    const otherKey = { ...TEST_KEYS, AUDIT_KEY: 'another key, 32 characters or more, not the log’s' };
    expect(await refusal({ ...target.env, ...otherKey })).toContain('AUDIT_KEY is not the key the audit log was written with');
    await expect(
      runCli({ ...target.env, AUDIT_KEY: otherKey.AUDIT_KEY }, ['users', 'add', 'nurul'], {
        stdin: 'Nurul-strong-password-1\nNurul-strong-password-1\n',
      }),
    ).rejects.toThrow('AUDIT_KEY is not the key the audit log was written with');
    expect(await runCli({ ...target.env, AUDIT_KEY: TEST_KEYS.AUDIT_KEY }, ['audit', 'verify'])).toMatchObject({ code: 0, err: '' });
  });

  it('refuses to start without TOTP_KEY once a two-factor secret is stored, or with another key; with it, seals the clear one', async () => {
    const target = await makeTarget();
    await seeded(target, (store) => addUser(store, userRecord('nurul', { totpSecret: SECRET })));
    const output = await refusal({ ...target.env, ...NO_KEYS });
    expect(output).toContain('TOTP_KEY is not set');
    expect(output).toContain('openssl rand -base64 32');

    await startAndStop({ ...target.env, ...TEST_KEYS });
    expect(await target.text()).not.toContain(SECRET);
    expect(await refusal({ ...target.env, ...TEST_KEYS, TOTP_KEY: 'another-totp-key-of-at-least-32-characters' })).toContain(
      'cannot be opened with TOTP_KEY',
    );
    await startAndStop({ ...target.env, ...TEST_KEYS });
  });
});

describe('the keys as systemd credentials', () => {
  it('reads AUDIT_KEY and TOTP_KEY from $CREDENTIALS_DIRECTORY when the variables are unset', async () => {
    const dbFile = path.join(temp.dir, 'data', 'db.json');
    const store = await openFileStore(dbFile);
    await appendAudit(store, auditEntry());
    await addUser(store, userRecord('nurul', { totpSecret: SECRET }));
    await store.close();
    const credentials = path.join(temp.dir, 'credentials');
    await mkdir(credentials);
    await writeFile(path.join(credentials, 'AUDIT_KEY'), TEST_KEYS.AUDIT_KEY);
    await writeFile(path.join(credentials, 'TOTP_KEY'), TEST_KEYS.TOTP_KEY);
    await startAndStop({ DB_FILE: dbFile, ...NO_KEYS, CREDENTIALS_DIRECTORY: credentials });
    const { data } = await readFileStore(dbFile);
    expect(data.users[0]!.totpSecret).toMatch(/^sealed:v1:/);
    expect(data.audit.at(-1)!.action).toBe('audit-key');
  });
});
