/** `audit` and `audit verify` on each store, and on a file store whose data file was changed by hand. */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openFileStore } from '../db/file-store';
import { openPostgresStore } from '../db/postgres/postgres-store';
import type { NewAuditEntry } from '../records';
import type { Store } from '../store-interface';
import { makeTempDir } from '../test-support/fixtures';
import { usePostgresPerFile } from '../test-support/postgres-per-file';
import { runCli } from '../test-support/run-cli';

const postgres = usePostgresPerFile();
let temp: Awaited<ReturnType<typeof makeTempDir>>;
let dbFile: string;
beforeEach(async () => {
  temp = await makeTempDir();
  dbFile = path.join(temp.dir, 'data', 'db.json');
});
afterEach(() => temp.remove());

const ENTRIES: NewAuditEntry[] = [
  { at: '2026-03-01T01:02:03.000Z', actor: 'cli:root', action: 'user-add', reference: null, detail: 'advisor.ann' },
  { at: '2026-03-01T02:00:00.000Z', actor: 'advisor.ann', action: 'view', reference: 'TW-1FB19480', detail: null },
  { at: '2026-03-01T03:00:00.000Z', actor: null, action: 'retention-delete', reference: null, detail: '3 enquiries, 0 held records' },
  // Text from outside (a username someone tried) must not drive the terminal.
  { at: '2026-03-01T04:00:00.000Z', actor: 'x\u001b[2J\u202Eevil', action: 'sign-in-failed', reference: null, detail: 'line\rover' },
];

async function seed(store: Store, entries = ENTRIES) {
  try {
    for (const entry of entries) await store.appendAudit(entry);
  } finally {
    await store.close();
  }
}

const targets: [string, () => Promise<{ env: NodeJS.ProcessEnv; open: () => Promise<Store> }>][] = [
  ['the file store', async () => ({ env: { DB_FILE: dbFile }, open: () => openFileStore(dbFile) })],
  [
    'PostgreSQL',
    async () => {
      const url = await postgres().createDatabase();
      return { env: { DATABASE_URL: url }, open: () => openPostgresStore(url) };
    },
  ],
];

describe.each(targets)('audit, on %s', (_, makeTarget) => {
  it('lists every entry oldest first, times in TZ_DISPLAY, every field escaped', async () => {
    const { env, open } = await makeTarget();
    expect(await runCli(env, ['audit'])).toEqual({ code: 0, out: expect.stringMatching(/^The audit log in .* is empty\.\n$/), err: '' });
    await seed(await open());
    const { code, out } = await runCli({ ...env, TZ_DISPLAY: 'Asia/Kuala_Lumpur' }, ['audit']);
    expect(code).toBe(0);
    expect(out).toMatch(/^4 audit entries in .*, oldest first:\n\n/);
    for (const raw of ['\u001b', '\r', '\u202e']) expect(out).not.toContain(raw);
    const rows = out
      .split('\n\n')[1]!
      .trimEnd()
      .split('\n')
      .map((line) => line.split(/ {2,}/));
    expect(rows).toEqual([
      ['SEQ', 'TIME (Asia/Kuala_Lumpur)', 'ACTOR', 'ACTION', 'REFERENCE', 'DETAIL'],
      ['1', '2026-03-01 09:02:03', 'cli:root', 'user-add', '-', 'advisor.ann'],
      ['2', '2026-03-01 10:00:00', 'advisor.ann', 'view', 'TW-1FB19480', '-'],
      ['3', '2026-03-01 11:00:00', '-', 'retention-delete', '-', '3 enquiries, 0 held records'],
      ['4', '2026-03-01 12:00:00', 'x\\u001B[2J\\u202Eevil', 'sign-in-failed', '-', 'line\\rover'],
    ]);
  });

  it('verify: exit 0 and one line when the chain is intact, also when empty', async () => {
    const { env, open } = await makeTarget();
    expect(await runCli(env, ['audit', 'verify'])).toEqual({ code: 0, out: 'intact: 0 entries\n', err: '' });
    await seed(await open());
    expect(await runCli(env, ['audit', 'verify'])).toEqual({ code: 0, out: 'intact: 4 entries\n', err: '' });
  });
});

/** Replaces `from` with `to` in whichever of the store's files holds it, as someone with access to the disk might. */
async function editOnDisk(from: string, to: string) {
  const dir = path.dirname(dbFile);
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    const text = await readFile(file, 'utf8').catch(() => '');
    if (text.includes(from)) {
      await writeFile(file, text.replace(from, to));
      return;
    }
  }
  throw new Error(`${from} is in none of the files in ${dir}`);
}

describe('audit verify, on a file store changed on disk', () => {
  it('exits 1 naming the first broken entry by its number and time', async () => {
    await seed(await openFileStore(dbFile));
    await editOnDisk('3 enquiries, 0 held records', '0 enquiries, 0 held records');
    const { code, out } = await runCli({ DB_FILE: dbFile, TZ_DISPLAY: 'Asia/Kuala_Lumpur' }, ['audit', 'verify']);
    expect(out).toBe(
      'broken at entry 3 (2026-03-01 11:00:00 Asia/Kuala_Lumpur): it was changed, or an entry before it was changed, removed or inserted. It and every later entry cannot be trusted.\n',
    );
    expect(code).toBe(1);
    // The list still shows what is there, the changed entry as it now reads.
    expect((await runCli({ DB_FILE: dbFile }, ['audit'])).out).toContain('0 enquiries, 0 held records');
  });
});

describe('audit verify, on PostgreSQL changed with SQL', () => {
  it('exits 1 naming the entry after one that was removed', async () => {
    const url = await postgres().createDatabase();
    await seed(await openPostgresStore(url));
    const client = new pg.Client(url);
    await client.connect();
    try {
      await client.query('DELETE FROM audit_log WHERE seq = 2');
    } finally {
      await client.end();
    }
    const { code, out } = await runCli({ DATABASE_URL: url, TZ_DISPLAY: 'UTC' }, ['audit', 'verify']);
    expect(out).toMatch(/^broken at entry 3 \(2026-03-01 03:00:00 UTC\): /);
    expect(code).toBe(1);
  });
});
