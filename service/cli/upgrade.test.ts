import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { afterAttempt, DEFAULT_RETRY_POLICY, newAlert } from '../alerts/alert-records';
import { openFileStore } from '../db/file-store';
import { LockHeldError, StoreFileError } from '../store-interface';
import { enquiryRecord, makeTempDir } from '../test-support/fixtures';
import { runEnquiries } from './enquiries';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let dbFile: string;
let folder: string;

async function run(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runEnquiries(argv, { out: (text) => (out += text), err: (text) => (err += text), env: { DB_FILE: dbFile } });
  return { code, out, err };
}

const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const journalHeader = (generation: number) => line({ format: 'teratai-wealth-journal', version: 4, generation });

beforeEach(async () => {
  temp = await makeTempDir();
  folder = path.join(temp.dir, 'data');
  dbFile = path.join(folder, 'db.json');
  await mkdir(folder);
});

afterEach(() => temp.remove());

describe('migrate, without --to', () => {
  it('upgrades a store of format version 4, caught in the middle of a checkpoint, once; the service then reads it', async () => {
    // From before languages (no locale), with a sent alert written short and a failed one whole.
    const { locale: _locale, ...ann } = enquiryRecord(1);
    const [ben, chen] = [enquiryRecord(2, { locale: 'ms' }), enquiryRecord(3, { locale: 'zh' })];
    const sent = afterAttempt(newAlert(ann, 'email'), { kind: 'sent', response: '250 OK' }, new Date(), DEFAULT_RETRY_POLICY);
    const failed = afterAttempt(newAlert(ann, 'webhook'), { kind: 'permanent', error: '410 Gone' }, new Date(), DEFAULT_RETRY_POLICY);
    const { nextAttemptAt: _next, lastAttemptAt: _last, lastError: _error, ...sentShort } = sent;
    const benAlert = newAlert(ben, 'email');
    const benSent = afterAttempt(benAlert, { kind: 'sent', response: '250 OK' }, new Date(), DEFAULT_RETRY_POLICY);
    const document = {
      format: 'teratai-wealth-store',
      version: 4,
      generation: 6,
      enquiries: [ann],
      spam: [],
      users: [],
      alerts: [sentShort, failed],
    };
    await writeFile(dbFile, JSON.stringify(document));
    const add = (collection: string, record: unknown) => ({ op: 'add', collection, record });
    await writeFile(
      path.join(folder, 'db.journal.previous.jsonl'),
      journalHeader(6) + line({ op: 'batch', entries: [add('enquiries', ben), add('alerts', benAlert)] }),
    );
    await writeFile(
      path.join(folder, 'db.journal.jsonl'),
      journalHeader(7) + line(add('enquiries', chen)) + line({ op: 'put', collection: 'alerts', record: benSent }),
    );
    const before = await readFile(dbFile, 'utf8');

    const refusal = await openFileStore(dbFile).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StoreFileError);
    expect((refusal as Error).message).toContain('run `npm run enquiries -- migrate` once');
    expect(await readFile(dbFile, 'utf8')).toBe(before);

    const upgrade = await run('migrate');
    expect(upgrade).toMatchObject({ code: 0, err: '' });
    expect(upgrade.out).toContain(`Upgraded ${dbFile} from format version 4: 3 enquiries, 0 spam records, 3 alerts and 0 users.`);
    expect((await readdir(folder)).sort()).toEqual(['db.journal.jsonl', 'db.json']);

    const store = await openFileStore(dbFile);
    try {
      expect(store.enquiries()).toEqual([ann, ben, chen]);
      expect(store.alerts()).toEqual([sent, failed, benSent]);
    } finally {
      await store.close();
    }
    expect((await run('list')).out).toContain('First3 Last3');
    expect(await run('migrate')).toMatchObject({ code: 0, out: `${dbFile} is in the current format already: nothing to upgrade.\n` });
  });

  it('upgrades a store of format version 1, which had no alerts', async () => {
    const enquiry = enquiryRecord(1);
    await writeFile(
      dbFile,
      JSON.stringify({ format: 'teratai-wealth-store', version: 1, generation: 3, enquiries: [enquiry], spam: [], users: [] }),
    );
    expect((await run('migrate')).code).toBe(0);
    const store = await openFileStore(dbFile);
    expect([store.enquiries(), store.alerts()]).toEqual([[enquiry], []]);
    await store.close();
  });

  it('refuses while the service holds the store, and says so when there is none', async () => {
    const store = await openFileStore(dbFile);
    try {
      await expect(run('migrate')).rejects.toThrow(LockHeldError);
    } finally {
      await store.close();
    }
    dbFile = path.join(folder, 'elsewhere.json');
    expect(await run('migrate')).toMatchObject({
      code: 1,
      err: `No store to upgrade: ${dbFile} does not exist. Set DB_FILE to the store's file.\n`,
    });
  });
});
