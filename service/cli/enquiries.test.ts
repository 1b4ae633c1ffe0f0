import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openFileStore, readFileStore } from '../db/file-store';
import { startControlSocket } from '../control/control-socket';
import { enquiryRecord, makeTempDir, validSubmission } from '../test-support/fixtures';
import { CLI_ACTOR } from '../test-support/run-cli';
import { runEnquiries } from './enquiries';
import { auditLog } from '../audit-append';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let dbFile: string;

async function run(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runEnquiries(argv, {
    out: (text) => (out += text),
    err: (text) => (err += text),
    env: { DB_FILE: dbFile },
  });
  return { code, out, err };
}

/** Three enquiries a second apart in the last minute, Ann first, plus one honeypot catch; the store is closed after. */
async function seed() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() - 60_000);
  const store = await openFileStore(dbFile);
  try {
    for (const [firstName, locale] of [
      ['Ann', 'en'],
      ['Ben', 'ms'],
      ['Chloe', 'zh'],
    ] as const) {
      await store.submitEnquiry(validSubmission({ firstName, email: `${firstName.toLowerCase()}@example.com`, locale }));
      vi.setSystemTime(Date.now() + 1_000);
    }
    await store.submitEnquiry(validSubmission({ firstName: 'Bot', website: 'https://spam.example' }));
  } finally {
    await store.close();
    vi.useRealTimers();
  }
}

beforeEach(async () => {
  temp = await makeTempDir();
  dbFile = path.join(temp.dir, 'data', 'db.json');
});

afterEach(() => temp.remove());

describe('list', () => {
  it('shows the enquiries newest first', async () => {
    await seed();
    const { code, out } = await run('list');
    expect(code).toBe(0);
    expect(out).toMatch(/^3 enquiries in .*db\.json, newest first:/);
    expect(out.indexOf('Chloe')).toBeLessThan(out.indexOf('Ben'));
    expect(out.indexOf('Ben')).toBeLessThan(out.indexOf('Ann'));
    expect(out).toContain('Ann Rahman <ann@example.com>');
    expect(out).toContain('    I would like a portfolio review.');
    expect(out).toContain('   language: Bahasa Malaysia (ms)   id: ');
    expect(out).toContain('   language: 简体中文 (zh)   id: ');
    expect(out).not.toContain('Bot');
  });

  it('shows an enquiry stored before the site had languages as English', async () => {
    const old = enquiryRecord(1);
    expect(old).not.toHaveProperty('locale');
    await mkdir(path.dirname(dbFile), { recursive: true });
    await writeFile(
      dbFile,
      JSON.stringify({ format: 'teratai-wealth-store', version: 5, generation: 1, enquiries: [old], spam: [], users: [], alerts: [] }),
    );
    expect((await run('list')).out).toContain('   language: English (en)   id: ');
    expect(JSON.parse((await run('export', '--format', 'json')).out)[0]).toMatchObject({ id: old.id, locale: 'en' });
  });

  it('works while the service holds the lock, and sees what it stored', async () => {
    const store = await openFileStore(dbFile);
    const control = await startControlSocket({ dbFile, store, log: () => {} });
    try {
      await store.submitEnquiry(validSubmission({ firstName: 'Live' }));
      const { code, out } = await run('list');
      expect(code).toBe(0);
      expect(out).toContain('1 enquiry in');
      expect(out).toContain('Live Rahman');
    } finally {
      await control.close();
      await store.close();
    }
  });

  it('puts each list on record before it shows it (what and how many, no personal data); an empty one shows nothing to record', async () => {
    await seed();
    await run('list');
    await run('spam');
    const store = await openFileStore(dbFile);
    try {
      const audit = await auditLog(store);
      expect(audit.map(({ actor, action, reference, detail }) => [actor, action, reference, detail])).toEqual([
        [CLI_ACTOR, 'list', null, 'enquiries, 3'],
        [CLI_ACTOR, 'list', null, 'spam catches, 1'],
      ]);
      await store.deleteOlderThan(new Date(Date.now() + 1000));
    } finally {
      await store.close();
    }
    expect((await run('list')).out).toMatch(/^No enquiries in /);
    expect((await readFileStore(dbFile)).data.audit).toHaveLength(2);
  });

  it('says so when there is no store yet', async () => {
    const { code, out } = await run('list');
    expect(code).toBe(0);
    expect(out).toContain('No store yet');
  });
});

describe('a DB_FILE where there is no store (a typo)', () => {
  it('export and delete refuse, rather than answer as if the store held nothing, and create nothing', async () => {
    const exported = await run('export', '--format', 'csv');
    expect(exported).toMatchObject({ code: 1, out: '' });
    expect(exported.err).toBe(`No store at ${dbFile}: nothing was exported. Set DB_FILE (or DATABASE_URL) to the service's store.\n`);
    const deleted = await run('delete', '--email', 'ann@example.com');
    expect(deleted).toMatchObject({ code: 1, out: '' });
    expect(deleted.err).toContain('nothing was deleted');
    await expect(readFile(dbFile)).rejects.toThrow('ENOENT');
  });
});

describe('spam', () => {
  it('shows what is held, with why, and a honeypot catch stored before with what it filled in', async () => {
    await seed();
    const { out } = await run('spam');
    expect(out).toContain('1 held for review');
    expect(out).toContain('Bot Rahman');
    expect(out).toContain('  held: Filled in the form’s hidden field, which only automated senders see   reference: TW-');
    expect(out).toContain('"https://spam.example"');
    expect(out).toContain('Nothing counted since ');
  });
});

describe('export', () => {
  it('writes CSV with the operator columns, safe against formulas', async () => {
    const store = await openFileStore(dbFile);
    await store.submitEnquiry(validSubmission({ firstName: '=HYPERLINK("http://evil.example")', message: 'Line one\nline two' }));
    await store.close();
    const { code, out } = await run('export', '--format', 'csv');
    expect(code).toBe(0);
    const [header, row] = out.replace('\ufeff', '').split('\r\n');
    expect(header).toBe('"id","createdAt","firstName","lastName","email","phone","service","message","locale"');
    expect(row).toMatch(/,"en"$/);
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(row).toContain(`"'+60 12-345 6789"`);
    expect(out).toContain('"Line one\nline two"');
    expect(out).not.toContain('fingerprint');
  });

  it("gives one person's enquiries for an access or portability request, on record without the address", async () => {
    await seed();
    const { code, out } = await run('export', '--format', 'json', '--email', ' BEN@example.com ');
    expect(code).toBe(0);
    const exported = JSON.parse(out);
    expect(exported.map((row: { firstName: string; email: string }) => [row.firstName, row.email])).toEqual([['Ben', 'ben@example.com']]);
    expect((await run('export', '--format', 'csv')).code).toBe(0);
    const store = await openFileStore(dbFile);
    try {
      expect(await auditLog(store)).toEqual([
        expect.objectContaining({ actor: CLI_ACTOR, action: 'export', reference: null, detail: 'json, 1 enquiry of one address' }),
        expect.objectContaining({ actor: CLI_ACTOR, action: 'export', reference: null, detail: 'csv, 3 enquiries' }),
      ]);
    } finally {
      await store.close();
    }
  });

  it('gives with one person’s enquiries the answers they sent from their address to another’s enquiry', async () => {
    await seed();
    const store = await openFileStore(dbFile);
    try {
      const [ann] = (await store.recordsByEmail('ann@example.com')).enquiries;
      await store.atomically((tx) =>
        tx.put('messages', {
          id: randomUUID(),
          enquiryId: ann!.id,
          kind: 'answer',
          createdAt: new Date().toISOString(),
          from: 'ben@example.com',
          otherAddress: true,
          text: 'Ben here, for Ann.',
        }),
      );
    } finally {
      await store.close();
    }
    const exported = JSON.parse((await run('export', '--format', 'json', '--email', 'ben@example.com')).out);
    expect(exported).toHaveLength(2);
    expect(exported[1]).toMatchObject({ id: null, email: null, thread: [expect.objectContaining({ text: 'Ben here, for Ann.' })] });
    expect(JSON.stringify(exported)).not.toContain('ann@example.com');
  });

  it('writes JSON to a new file, oldest first, and will not overwrite one', async () => {
    await seed();
    const file = path.join(temp.dir, 'enquiries.json');
    const first = await run('export', '--format', 'json', '--out', file);
    expect(first.code).toBe(0);
    expect(first.err).toContain('Exported 3 enquiries');
    const exported = JSON.parse(await readFile(file, 'utf8'));
    expect(exported.map((row: { firstName: string }) => row.firstName)).toEqual(['Ann', 'Ben', 'Chloe']);
    expect(Object.keys(exported[0])).toEqual([
      'id',
      'createdAt',
      'firstName',
      'lastName',
      'email',
      'phone',
      'service',
      'message',
      'locale',
    ]);
    expect(exported.map((row: { locale: string }) => row.locale)).toEqual(['en', 'ms', 'zh']);

    await writeFile(file, 'keep me');
    const second = await run('export', '--format', 'json', '--out', file);
    expect(second.code).toBe(1);
    expect(second.err).toContain('already exists');
    expect(await readFile(file, 'utf8')).toBe('keep me');
  });

  it('needs a format', async () => {
    expect((await run('export')).code).toBe(2);
    expect((await run('export', '--format', 'xml')).err).toContain('--format csv or --format json');
  });
});

describe('delete', () => {
  it('removes every enquiry and spam record of an address', async () => {
    await seed();
    const { code, out } = await run('delete', '--email', 'BEN@example.com');
    expect(code).toBe(0);
    expect(out).toBe('Deleted 1 enquiry and 0 spam records from BEN@example.com.\n');
    expect((await run('list')).out).not.toContain('Ben');
    expect((await readFile(dbFile, 'utf8')).toLowerCase()).not.toContain('ben@example.com');
  });

  it('waits its turn while another command holds the lock, then deletes, on record without the address', async () => {
    await seed();
    const other = await openFileStore(dbFile);
    let out = '';
    let err = '';
    const deleting = runEnquiries(['delete', '--email', 'ann@example.com'], {
      out: (text) => (out += text),
      err: (text) => (err += text),
      env: { DB_FILE: dbFile },
    });
    await vi.waitFor(() => expect(err).toContain('Waiting up to 10 s for it to be released.'), { timeout: 5_000 });
    // Stored while the delete waits: deleted too, so the delete ran only once the lock was free.
    await other.submitEnquiry(validSubmission({ firstName: 'Ann', email: 'ann@example.com', message: 'A second question.' }));
    await other.close();
    expect(await deleting).toBe(0);
    expect(out).toBe('Deleted 2 enquiries and 0 spam records from ann@example.com.\n');
    const store = await openFileStore(dbFile);
    try {
      expect(store.enquiries().map((record) => record.firstName)).toEqual(['Ben', 'Chloe']);
      const [entry] = await auditLog(store);
      expect(entry).toMatchObject({ actor: CLI_ACTOR, action: 'delete', reference: null, detail: '2 enquiries, 0 held records' });
      expect(JSON.stringify(await auditLog(store))).not.toContain('ann@');
    } finally {
      await store.close();
    }
  });

  it('needs an address', async () => {
    expect((await run('delete')).code).toBe(2);
  });
});

describe('usage', () => {
  it('prints help, and refuses an unknown command', async () => {
    expect((await run('help')).out).toContain('npm run enquiries -- <command>');
    const unknown = await run('purge');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Unknown command: purge');
  });
});
