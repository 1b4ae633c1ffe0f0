/** `audit` and `audit verify` on each store, and on a file store whose data file was changed by hand. */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { auditHash, GENESIS_HASH } from '../audit-chain';
import { openFileStore, readFileStore } from '../db/file-store';
import { AUDIT_COLUMNS, AUDIT_WIDTH, auditValues } from '../db/postgres/inbox-rows';
import { openPostgresStore } from '../db/postgres/postgres-store';
import { placeholders } from '../db/postgres/rows';
import { documentPieces, storeFilesFor } from '../db/store-files';
import type { AuditRecord, NewAuditEntry } from '../records';
import type { Store } from '../store-interface';
import { useTempFolder } from '../test-support/per-test';
import { usePostgresPerFile } from '../test-support/postgres-per-file';
import { runCli } from '../test-support/run-cli';
import { appendAudit, auditLog, deleteAuditBefore } from '../audit-append';

const postgres = usePostgresPerFile();
const temp = useTempFolder();

const ENTRIES: NewAuditEntry[] = [
  { at: '2026-03-01T01:02:03.000Z', actor: 'cli:root', action: 'user-add', reference: null, detail: 'advisor.ann' },
  { at: '2026-03-01T02:00:00.000Z', actor: 'advisor.ann', action: 'view', reference: 'TW-1FB19480', detail: null },
  { at: '2026-03-01T03:00:00.000Z', actor: null, action: 'retention-delete', reference: null, detail: '3 enquiries, 0 held records' },
  // Text from outside (a username someone tried) must not drive the terminal.
  { at: '2026-03-01T04:00:00.000Z', actor: 'x\u001b[2J\u202Eevil', action: 'sign-in-failed', reference: null, detail: 'line\rover' },
];

async function seed(store: Store, entries = ENTRIES) {
  try {
    for (const entry of entries) await appendAudit(store, entry);
  } finally {
    await store.close();
  }
}

const targets: [string, () => Promise<{ env: NodeJS.ProcessEnv; open: () => Promise<Store> }>][] = [
  ['the file store', async () => ({ env: { DB_FILE: temp.dbFile }, open: () => openFileStore(temp.dbFile) })],
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
    expect(await runCli(env, ['audit', 'verify'])).toEqual({ code: 0, out: `intact: 4 entries${UNKEYED}\n`, err: '' });
  });
});

const UNKEYED = ' (unkeyed: AUDIT_KEY is not set, so this shows only that the hashes agree)';

/** Replaces `from` with `to` in whichever of the store's files holds it, as someone with access to the disk might. */
async function editOnDisk(from: string, to: string) {
  const dir = path.dirname(temp.dbFile);
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
    await seed(await openFileStore(temp.dbFile));
    await editOnDisk('3 enquiries, 0 held records', '0 enquiries, 0 held records');
    const { code, out } = await runCli({ DB_FILE: temp.dbFile, TZ_DISPLAY: 'Asia/Kuala_Lumpur' }, ['audit', 'verify']);
    expect(out).toBe(
      'broken at entry 3 (2026-03-01 11:00:00 Asia/Kuala_Lumpur): it was changed, or an entry before it was changed, removed or inserted. It and every later entry cannot be trusted. AUDIT_KEY is not set: a keyed entry can only be checked with it.\n',
    );
    expect(code).toBe(1);
    // The list still shows what is there, the changed entry as it now reads.
    expect((await runCli({ DB_FILE: temp.dbFile }, ['audit'])).out).toContain('0 enquiries, 0 held records');
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

const AUDIT_KEY = 'test-audit-key-of-at-least-32-characters';

/** The whole log replaced by `change` of it, as someone who can write the store (but lacks AUDIT_KEY) might. */
type Rewrite = (change: (entries: AuditRecord[]) => AuditRecord[]) => Promise<void>;

async function rewriteFileLog(change: (entries: AuditRecord[]) => AuditRecord[]) {
  const { data } = await readFileStore(temp.dbFile);
  const { generation } = JSON.parse(await readFile(temp.dbFile, 'utf8')) as { generation: number };
  await writeFile(temp.dbFile, [...documentPieces({ ...data, audit: change(data.audit) }, generation)].join(''));
  await rm(storeFilesFor(temp.dbFile).journal, { force: true });
}

function rewritePostgresLog(url: string): Rewrite {
  return async (change) => {
    const store = await openPostgresStore(url);
    const entries = change(await auditLog(store));
    await store.close();
    const client = new pg.Client(url);
    await client.connect();
    try {
      await client.query('DELETE FROM audit_log');
      for (const entry of entries) {
        await client.query(`INSERT INTO audit_log (${AUDIT_COLUMNS}) VALUES ${placeholders(1, AUDIT_WIDTH)}`, auditValues(entry));
      }
    } finally {
      await client.end();
    }
  };
}

const keyedTargets: [
  string,
  () => Promise<{ env: NodeJS.ProcessEnv; open: (auditKey?: string | null) => Promise<Store>; rewrite: Rewrite }>,
][] = [
  [
    'the file store',
    async () => ({
      env: { DB_FILE: temp.dbFile, AUDIT_KEY, TZ_DISPLAY: 'UTC' },
      open: (auditKey: string | null = AUDIT_KEY) => openFileStore(temp.dbFile, { auditKey }),
      rewrite: rewriteFileLog,
    }),
  ],
  [
    'PostgreSQL',
    async () => {
      const url = await postgres().createDatabase();
      return {
        env: { DATABASE_URL: url, AUDIT_KEY, TZ_DISPLAY: 'UTC' },
        open: (auditKey: string | null = AUDIT_KEY) => openPostgresStore(url, { auditKey }),
        rewrite: rewritePostgresLog(url),
      };
    },
  ],
];

/** Entry `seq` edited, and it and every later entry given the plain SHA-256 again, as someone without the key would. */
function editedWithoutKey(entries: AuditRecord[], editedSeq: number, edit: Partial<AuditRecord>): AuditRecord[] {
  const rewritten: AuditRecord[] = [];
  for (const original of entries) {
    const previous = rewritten.at(-1);
    const entry = original.seq === editedSeq ? { ...original, ...edit } : original;
    if (entry.seq < editedSeq) {
      rewritten.push(entry);
      continue;
    }
    const prevHash = previous?.hash ?? GENESIS_HASH;
    const { seq, prevHash: _prevHash, hash: _hash, ...fields } = entry;
    rewritten.push({ ...entry, prevHash, hash: auditHash(prevHash, seq, fields, null) });
  }
  return rewritten;
}

describe.each(keyedTargets)('a keyed audit log, on %s', (_, makeTarget) => {
  /** A target whose log holds ENTRIES, appended with the key. */
  async function seededTarget() {
    const target = await makeTarget();
    await seed(await target.open());
    return target;
  }

  it('audit head prints the newest entry as SEQ:HASH; verify --head finds the end cut off, which verify alone cannot', async () => {
    const { env, rewrite } = await seededTarget();
    const head = await runCli(env, ['audit', 'head']);
    expect(head).toEqual({ code: 0, out: expect.stringMatching(/^4:[0-9a-f]{64}\n$/), err: '' });
    expect(await runCli(env, ['audit', 'verify', '--head', head.out.trim()])).toEqual({
      code: 0,
      out: 'intact: 4 entries, through the head 4 kept elsewhere\n',
      err: '',
    });

    await rewrite((entries) => entries.slice(0, 2));
    // What is left is a chain that holds: only the head kept elsewhere shows what is missing.
    expect(await runCli(env, ['audit', 'verify'])).toMatchObject({ code: 0, out: 'intact: 2 entries\n' });
    expect(await runCli(env, ['audit', 'verify', '--head', head.out.trim()])).toEqual({
      code: 1,
      out: "broken: entry 4 of the head kept elsewhere is not in the log (its newest is 2): the log's end was cut, or it is not this deployment's log.\n",
      err: '',
    });
  });

  it('verify finds the start cut off', async () => {
    const { env, rewrite } = await seededTarget();
    await rewrite((entries) => entries.slice(2));
    expect(await runCli(env, ['audit', 'verify'])).toEqual({
      code: 1,
      out: "broken at entry 3 (2026-03-01 03:00:00 UTC): the log's start was cut: it starts at entry 3, and no retention entry says the entries before it were removed. It and every later entry cannot be trusted.\n",
      err: '',
    });
  });

  it('verify finds an entry edited with every hash after it recomputed', async () => {
    const { env, rewrite } = await seededTarget();
    await rewrite((entries) => editedWithoutKey(entries, 2, { reference: 'TW-00000000' }));
    expect(await runCli(env, ['audit', 'verify'])).toEqual({
      code: 1,
      out: 'broken at entry 2 (2026-03-01 02:00:00 UTC): it was changed, or an entry before it was changed, removed or inserted. It and every later entry cannot be trusted.\n',
      err: '',
    });
    // Rewritten whole without the key, the log shows no keyed entry at all, which verify with the key refuses.
    await rewrite((entries) => editedWithoutKey(entries, 1, {}));
    expect(await runCli(env, ['audit', 'verify'])).toMatchObject({
      code: 1,
      out: expect.stringContaining('the newest entry is not keyed'),
    });
  });

  it('retention leaves a keyed entry saying where the log now starts: verify holds it intact', async () => {
    const { env, open } = await makeTarget();
    const store = await open();
    await seed(store);
    const kept = await open();
    try {
      expect(await deleteAuditBefore(kept, new Date('2026-03-01T02:30:00.000Z'))).toBe(2);
    } finally {
      await kept.close();
    }
    const { out } = await runCli(env, ['audit']);
    expect(out).toContain('2 audit entries past AUDIT_RETENTION_DAYS removed; the log now starts at entry 3');
    expect(await runCli(env, ['audit', 'verify'])).toEqual({ code: 0, out: 'intact: 3 entries\n', err: '' });
  });

  it('entries from before the key stay, anchored by the first keyed one; the CLI refuses to append unkeyed after it', async () => {
    const { env, open, rewrite } = await makeTarget();
    await seed(await open(null), ENTRIES.slice(0, 2));
    await seed(await open(), ENTRIES.slice(2));
    expect(await runCli(env, ['audit', 'verify'])).toEqual({
      code: 0,
      out: 'intact: 4 entries; the first 2 from before AUDIT_KEY was set, anchored by the first keyed one\n',
      err: '',
    });
    const { AUDIT_KEY: _key, ...withoutKey } = env;
    await expect(runCli(withoutKey, ['users', 'remove', 'nobody'])).rejects.toThrow('AUDIT_KEY is not set');
    // The unkeyed part cannot be changed either: the first keyed entry's HMAC covers its last hash.
    await rewrite((entries) =>
      editedWithoutKey(entries, 1, { detail: 'someone.else' }).map((entry, index) => (index < 2 ? entry : entries[index]!)),
    );
    expect(await runCli(env, ['audit', 'verify'])).toMatchObject({ code: 1, out: expect.stringMatching(/^broken at entry 3 /) });
  });
});
