import { randomUUID } from 'node:crypto';
import { mkdir, open as openFile, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterAttempt, DEFAULT_RETRY_POLICY, newAlert } from '../alerts/alert-records';
import { StoreFileError, StoreUnavailableError } from '../store-interface';
import { documentText, enquiryRecord, journalText, makeTempDir, validSubmission } from '../test-support/fixtures';
import { canMountSmallDisk, MORE_THAN_A_PAGE, mountSmallDisk, SMALL_DISK_NEEDS } from '../test-support/small-disk';
import { skipUnless } from '../test-support/skip-unless';
import { openFileStore, type FileStore } from './file-store';
import { emptyStoreData } from './schema';
import { journalLine, storeFilesFor } from './store-files';

/** "A few seconds": latestMs, or a fold's spacing after a slow fold (FOLD_SPACING), is well within it. */
const CATCH_UP_MS = 5_000;

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let files: ReturnType<typeof storeFilesFor>;
const stores: FileStore[] = [];

async function openTracked(dbFile = files.document): Promise<FileStore> {
  const store = await openFileStore(dbFile);
  stores.push(store);
  return store;
}

/** Every entry of the data folder, files byte for byte. */
async function folderBytes(): Promise<Record<string, Buffer | 'folder'>> {
  const dir = path.dirname(files.document);
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  const contents = entries.map(async (entry) => [entry.name, entry.isDirectory() ? 'folder' : await readFile(path.join(dir, entry.name))]);
  return Object.fromEntries(await Promise.all(contents));
}

/** openStore must refuse with a message naming `file`, change nothing, and leave no lock behind. */
async function expectRefusedUntouched(file: string, problem: RegExp) {
  const before = await folderBytes();
  const error = await openFileStore(files.document).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StoreFileError);
  expect((error as Error).message).toContain(file);
  expect((error as Error).message).toMatch(problem);
  expect(await folderBytes()).toEqual(before);
}

beforeEach(async () => {
  temp = await makeTempDir();
  files = storeFilesFor(path.join(temp.dir, 'data', 'db.json'));
  await mkdir(path.dirname(files.document), { recursive: true });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(stores.splice(0).map((store) => store.close()));
  await temp.remove();
});

describe('the files', () => {
  it('keep one record per line, readable by a person', async () => {
    const records = [enquiryRecord(1), enquiryRecord(2)];
    await writeFile(files.journal, journalText(0, records));
    const store = await openTracked();
    await store.close();
    const lines = (await readFile(files.document, 'utf8')).split('\n');
    expect(lines[0]).toBe('{"format":"teratai-wealth-store","version":5,"generation":1,');
    expect(lines[1]).toBe('"enquiries":[');
    expect(JSON.parse(lines[2]!.replace(/,$/, ''))).toEqual(records[0]);
    expect(JSON.parse(lines[3]!)).toEqual(records[1]);
    expect(await readFile(files.journal, 'utf8')).toBe('{"format":"teratai-wealth-journal","version":5,"generation":1}\n');
  });

  it('read a document laid out otherwise, as a person may have saved it', async () => {
    const records = [enquiryRecord(1), enquiryRecord(2)];
    const alerts = records.map((record) => newAlert(record, 'email'));
    const data = { format: 'teratai-wealth-store', version: 5, generation: 3, ...emptyStoreData(), enquiries: records, alerts };
    await writeFile(files.document, JSON.stringify(data, null, 2));
    const store = await openTracked();
    expect(store.enquiries()).toEqual(records);
    expect(store.alerts()).toEqual(alerts);
  });

  it('read a document saved with Windows line endings, a record per line as written', async () => {
    const records = [enquiryRecord(1), enquiryRecord(2)];
    await writeFile(files.document, documentText({ ...emptyStoreData(), enquiries: records }, 2).replaceAll('\n', '\r\n'));
    expect((await openTracked()).enquiries()).toEqual(records);
  });

  it('replace an alert by its id from the journal, a sent one too (which the service never replaces)', async () => {
    const records = [enquiryRecord(1), enquiryRecord(2)];
    const [first, second] = records.map((record) => newAlert(record, 'email'));
    const sent = afterAttempt(first!, { kind: 'sent', response: '250 OK' }, new Date(), DEFAULT_RETRY_POLICY);
    await writeFile(files.document, documentText({ ...emptyStoreData(), enquiries: records, alerts: [sent, second!] }, 4));
    const resent = { ...sent, attempts: 2 };
    const sentToo = afterAttempt(second!, { kind: 'sent', response: '250 OK' }, new Date(), DEFAULT_RETRY_POLICY);
    const puts = [resent, sentToo].map((record) => journalLine([{ op: 'put', collection: 'alerts', record }]));
    await writeFile(files.journal, journalText(4, []) + puts.join(''));
    expect((await openTracked()).alerts()).toEqual([resent, sentToo]);
  });
});

describe('group commit', () => {
  it('makes concurrent inserts share one durable append', async () => {
    const store = await openTracked();
    const handle = await openFile(files.journal, 'r');
    const write = vi.spyOn(Object.getPrototypeOf(handle), 'write');
    await handle.close();
    await Promise.all(Array.from({ length: 100 }, (_, index) => store.submitEnquiry(validSubmission({ message: `#${index}` }))));
    expect(write.mock.calls.length).toBeGreaterThan(0);
    expect(write.mock.calls.length).toBeLessThanOrEqual(3);
    const lines = (await readFile(files.journal, 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(101);
  });
});

describe('DB_FILE, the document', () => {
  it('holds every accepted enquiry once appends have been quiet for a moment (a fold)', async () => {
    const store = await openFileStore(files.document, { fold: { quietMs: 200, latestMs: 60_000 } });
    stores.push(store);
    const result = await store.submitEnquiry(validSubmission({ message: 'folded' }));
    expect(await readFile(files.document, 'utf8')).not.toContain('folded');
    await vi.waitFor(
      async () => expect(await readFile(files.document, 'utf8')).toContain(result.outcome === 'created' && result.record.id),
      {
        timeout: 2_000,
      },
    );
    // The journal is started anew just after the document is in place.
    await vi.waitFor(async () => expect(await readFile(files.journal, 'utf8')).not.toContain('folded'));
  });

  it('catches up a few seconds after a line at the latest, even while writes never go quiet', async () => {
    // The fold's timers run on the test's clock, and a write every quarter of quietMs keeps it from going quiet.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fold = { quietMs: 200, latestMs: 300 };
    const store = await openFileStore(files.document, { fold });
    stores.push(store);
    const first = await store.submitEnquiry(validSubmission({ message: 'first' }));
    const firstId = String(first.outcome === 'created' && first.record.id);
    const step = fold.quietMs / 4;
    try {
      for (let elapsed = step; elapsed <= CATCH_UP_MS; elapsed += step) {
        await vi.advanceTimersByTimeAsync(step);
        // Queued behind a fold that has fired, so that fold is on disk once this resolves.
        await store.submitEnquiry(validSubmission({ message: 'busy' }));
        const caughtUp = (await readFile(files.document, 'utf8')).includes(firstId);
        if (elapsed < fold.latestMs) expect(caughtUp, `caught up after ${elapsed} ms, before latestMs`).toBe(false);
        else if (caughtUp) return;
      }
      expect.fail('DB_FILE did not catch up while writes went on');
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds up appends while it folds: those made meanwhile are all there, once, after a reopen', async () => {
    let store = await openFileStore(files.document, { fold: { quietMs: 1, latestMs: 1 } });
    stores.push(store);
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, index) => store.submitEnquiry(validSubmission({ message: `#${index}` }))),
    );
    await store.close();
    store = await openTracked();
    const ids = store.enquiries().map((record) => record.id);
    expect(new Set(ids).size).toBe(300);
    expect(ids.sort()).toEqual(results.map((result) => result.outcome === 'created' && result.record.id).sort());
  });

  it('is up to date after a clean close', async () => {
    const store = await openFileStore(files.document, { fold: { quietMs: 60_000, latestMs: 60_000 } });
    await store.submitEnquiry(validSubmission({ message: 'before close' }));
    await store.close();
    expect(await readFile(files.document, 'utf8')).toContain('before close');
  });
});

describe('a crash mid-write', () => {
  it('drops only the torn last line, then compacts it away', async () => {
    const records = [enquiryRecord(1), enquiryRecord(2)];
    const torn = JSON.stringify({ op: 'add', collection: 'enquiries', record: enquiryRecord(3) }).slice(0, 80);
    await writeFile(files.journal, journalText(0, records) + torn);
    const store = await openTracked();
    expect(store.enquiries().map((record) => record.id)).toEqual(records.map((record) => record.id));
    expect(await readFile(files.journal, 'utf8')).not.toContain(torn);
  });

  it('drops a torn line of an enquiry with its alerts whole: never an enquiry without its alert', async () => {
    const lineOf = (index: number) => {
      const record = enquiryRecord(index);
      const alerts = (['email', 'webhook'] as const).map((channel) => newAlert(record, channel));
      return journalLine([
        { op: 'add', collection: 'enquiries', record },
        ...alerts.map((alert) => ({ op: 'add' as const, collection: 'alerts' as const, record: alert })),
      ]);
    };
    const whole = lineOf(1);
    const torn = lineOf(2);
    await writeFile(files.journal, journalText(0, []) + whole + torn.slice(0, torn.indexOf('"collection":"alerts"') + 30));
    const store = await openTracked();
    expect(store.enquiries()).toHaveLength(1);
    expect(store.alerts()).toHaveLength(2);
    expect(store.alerts().every((alert) => alert.enquiryId === store.enquiries()[0]?.id)).toBe(true);
  });

  it('ignores a journal already folded into the document (a crash between the document and the new journal)', async () => {
    const records = [enquiryRecord(1), enquiryRecord(2)];
    await writeFile(files.document, documentText({ ...emptyStoreData(), enquiries: records }, 4));
    await writeFile(files.journal, journalText(3, records));
    expect((await openTracked()).enquiries()).toHaveLength(2);
  });
});

describe('a file the store cannot use stops the start and stays untouched', () => {
  it('a document that is not JSON', async () => {
    await writeFile(files.document, '{"format":"teratai-wealth-store","enquiries":[{"id":');
    await expectRefusedUntouched(files.document, /is not valid JSON/);
  });

  it('a document laid out as written with a record line cut short', async () => {
    const text = documentText({ ...emptyStoreData(), enquiries: [enquiryRecord(1), enquiryRecord(2)] }, 1);
    const cut = text.indexOf('"email"');
    await writeFile(files.document, text.slice(0, cut) + text.slice(text.indexOf('\n', cut)));
    await expectRefusedUntouched(files.document, /is not valid JSON/);
  });

  it('a document laid out as written with a line that JSON does not allow after the one before', async () => {
    const text = documentText({ ...emptyStoreData(), enquiries: [enquiryRecord(1), enquiryRecord(2)] }, 1);
    await writeFile(files.document, text.replace('},\n', '}\n'));
    await expectRefusedUntouched(files.document, /is not valid JSON/);
  });

  it('an empty document', async () => {
    await writeFile(files.document, '');
    await expectRefusedUntouched(files.document, /is not valid JSON/);
  });

  it('valid JSON of another shape', async () => {
    await writeFile(files.document, JSON.stringify({ posts: [{ id: 1, title: 'hello' }], comments: [] }));
    await expectRefusedUntouched(files.document, /does not match the expected shape/);
  });

  it('an enquiry without its e-mail', async () => {
    const { email: _email, ...broken } = enquiryRecord(1);
    const data = { ...emptyStoreData(), enquiries: [broken] };
    await writeFile(files.document, JSON.stringify({ format: 'teratai-wealth-store', version: 5, generation: 1, ...data }));
    await expectRefusedUntouched(files.document, /at enquiries\.0\.email/);
  });

  it('a store in an older format, which names the step that upgrades it', async () => {
    await writeFile(files.document, JSON.stringify({ format: 'teratai-wealth-store', version: 4, generation: 2, ...emptyStoreData() }));
    await expectRefusedUntouched(files.document, /older format: run `npm run enquiries -- migrate` once/);
  });

  it('a journal line in the middle that is not JSON', async () => {
    const text = journalText(0, [enquiryRecord(1)]) + 'garbage\n' + journalText(0, [enquiryRecord(2)]).split('\n')[1] + '\n';
    await writeFile(files.journal, text);
    await expectRefusedUntouched(files.journal, /line 3 is not valid JSON/);
  });

  it('a journal record with a prototype-polluting key', async () => {
    const line = `{"op":"add","collection":"enquiries","record":${JSON.stringify(enquiryRecord(1)).replace('{', '{"__proto__":{"admin":true},')}}\n`;
    await writeFile(files.journal, journalText(0, []) + line);
    await expectRefusedUntouched(files.journal, /line 2 does not match/);
  });

  it('a journal newer than its document', async () => {
    await writeFile(files.document, documentText(emptyStoreData(), 2));
    await writeFile(files.journal, journalText(5, [enquiryRecord(1)]));
    await expectRefusedUntouched(files.journal, /older than the journal/);
  });

  it('a journal that is not ours', async () => {
    await writeFile(files.journal, '{"hello":"world"}\n');
    await expectRefusedUntouched(files.journal, /line 1 does not match/);
  });

  it('a path that cannot be read as a file', async () => {
    await mkdir(files.document);
    await expectRefusedUntouched(files.document, /cannot be read/);
  });

  it('and the lock is released, so the service starts once the file is repaired', async () => {
    await writeFile(files.document, 'not json');
    await expect(openFileStore(files.document)).rejects.toThrow(StoreFileError);
    await writeFile(files.document, documentText(emptyStoreData(), 1));
    expect((await openTracked()).enquiries()).toEqual([]);
  });
});

describe('a disk that fails', () => {
  skipUnless(canMountSmallDisk, SMALL_DISK_NEEDS)(
    'answers StoreUnavailableError to the write a full disk refused and to the next ones, replays included, even once space is free, until its recovery has written the store out (needs root)',
    async () => {
      const disk = await mountSmallDisk(path.join(temp.dir, 'disk'));
      try {
        const dbFile = path.join(disk.dir, 'db.json');
        const store = await openTracked(dbFile);
        // The recovery waits on setTimeout: on Vitest's clock, the refusals are seen with the disk free before it runs.
        vi.useFakeTimers({ toFake: ['setTimeout'] });
        await disk.fill();
        const key = randomUUID();
        await expect(store.submitEnquiry(validSubmission({ message: MORE_THAN_A_PAGE }), key)).rejects.toThrow(StoreUnavailableError);
        await disk.free();
        await expect(store.submitEnquiry(validSubmission(), key)).rejects.toThrow(StoreUnavailableError);
        await expect(store.submitEnquiry(validSubmission({ message: 'another' }))).rejects.toThrow(StoreUnavailableError);
        expect(await store.writable()).toBe(false);
        await vi.runOnlyPendingTimersAsync();
        await vi.waitFor(async () => expect(await store.writable()).toBe(true));
        expect((await store.submitEnquiry(validSubmission(), key)).outcome).toBe('created');
        await store.close();
        stores.splice(stores.indexOf(store), 1);
        // Only the enquiry stored after the recovery: the refused ones left nothing behind.
        const reopened = await openTracked(dbFile);
        expect(reopened.enquiries()).toHaveLength(1);
      } finally {
        vi.useRealTimers();
        disk.unmount();
      }
    },
  );

  skipUnless(canMountSmallDisk, SMALL_DISK_NEEDS)(
    'when full, refuses, and takes enquiries again once space is free, without a restart (needs root)',
    async () => {
      const disk = await mountSmallDisk(path.join(temp.dir, 'disk'));
      try {
        const dbFile = path.join(disk.dir, 'db.json');
        const store = await openTracked(dbFile);
        const kept = await store.submitEnquiry(validSubmission({ message: 'before the disk filled' }));
        await disk.fill();
        await expect(store.submitEnquiry(validSubmission({ message: 'x'.repeat(4000) }))).rejects.toThrow(/ENOSPC/);
        expect(await store.writable()).toBe(false);
        await disk.free();
        await vi.waitFor(async () => expect(await store.writable()).toBe(true), { timeout: 10_000 });
        const after = await store.submitEnquiry(validSubmission({ message: 'after the disk was freed' }));
        await store.close();
        const reopened = await openTracked(dbFile);
        const ids = reopened.enquiries().map((record) => record.id);
        expect(ids).toEqual([kept, after].map((result) => result.outcome === 'created' && result.record.id));
        await reopened.close();
      } finally {
        disk.unmount();
      }
    },
  );
});

describe('a start on a full disk', () => {
  skipUnless(canMountSmallDisk, SMALL_DISK_NEEDS)(
    'is refused, leaves no lock and no retries behind, and succeeds once space is free (needs root)',
    async () => {
      const disk = await mountSmallDisk(path.join(temp.dir, 'disk'));
      try {
        const dbFile = path.join(disk.dir, 'db.json');
        await writeFile(storeFilesFor(dbFile).journal, journalText(0, [enquiryRecord(1)])); // needs a fold at start
        await disk.fill();
        await expect(openFileStore(dbFile)).rejects.toThrow(/ENOSPC/);
        expect((await readdir(disk.dir)).sort()).toEqual(['db.journal.jsonl', 'fill']);
        await disk.free();
        const store = await openFileStore(dbFile);
        expect(store.enquiries()).toHaveLength(1);
        await store.close();
      } finally {
        disk.unmount();
      }
    },
  );
});

describe('data files deleted or replaced under a running store', () => {
  it('are written back before the next enquiry is acknowledged: nothing acknowledged is lost', async () => {
    let store = await openTracked();
    const first = await store.submitEnquiry(validSubmission({ message: 'first' }));
    await rm(files.document);
    await rm(files.journal);
    const second = await store.submitEnquiry(validSubmission({ message: 'second' }));
    const third = await store.submitEnquiry(validSubmission({ message: 'third' }));
    await store.close();
    store = await openTracked();
    expect(store.enquiries().map((record) => record.id)).toEqual(
      [first, second, third].map((result) => result.outcome === 'created' && result.record.id),
    );
  });

  it('notice a journal replaced by another file (an old copy put back)', async () => {
    let store = await openTracked();
    await store.submitEnquiry(validSubmission({ message: 'first' }));
    const oldCopy = await readFile(files.journal, 'utf8');
    await store.submitEnquiry(validSubmission({ message: 'second' }));
    await rm(files.journal);
    await writeFile(files.journal, oldCopy);
    await store.submitEnquiry(validSubmission({ message: 'third' }));
    await store.close();
    store = await openTracked();
    expect(store.enquiries().map((record) => record.message)).toEqual(['first', 'second', 'third']);
  });

  it('notice a document replaced by an older one', async () => {
    let store = await openTracked();
    const before = await readFile(files.document, 'utf8');
    await store.submitEnquiry(validSubmission({ message: 'first' }));
    await store.close();
    store = await openTracked(); // the document now holds "first"
    await writeFile(files.document + '.old', before);
    await rename(files.document + '.old', files.document);
    await store.submitEnquiry(validSubmission({ message: 'second' }));
    await store.close();
    store = await openTracked();
    expect(store.enquiries().map((record) => record.message)).toEqual(['first', 'second']);
  });
});

describe('data files deleted while no enquiry comes', () => {
  it('are written back by the store itself within seconds; until then it reads as not writable', async () => {
    const store = await openTracked();
    const first = await store.submitEnquiry(validSubmission({ message: 'before the deletion' }));
    await rm(files.document);
    await rm(files.journal);
    expect(await store.writable()).toBe(false);
    await vi.waitFor(
      async () => {
        expect(await readFile(files.document, 'utf8')).toContain('before the deletion');
        expect(await store.writable()).toBe(true);
      },
      { timeout: 8_000, interval: 200 },
    );
    await store.close();
    expect((await openTracked()).enquiries().map((record) => record.id)).toEqual([first.outcome === 'created' && first.record.id]);
  });

  it('are written back at a graceful stop, after a fold', async () => {
    const store = await openFileStore(files.document, { fold: { quietMs: 50, latestMs: 60_000 } });
    stores.push(store);
    await store.submitEnquiry(validSubmission({ message: 'before the deletion' }));
    await vi.waitFor(async () => expect(await readFile(files.document, 'utf8')).toContain('before the deletion'));
    await rm(files.document);
    await rm(files.journal);
    await store.close();
    expect((await openTracked()).enquiries().map((record) => record.message)).toEqual(['before the deletion']);
  });

  it('the whole folder deleted: written back, folder and all, before the next enquiry is acknowledged', async () => {
    const store = await openTracked();
    await store.submitEnquiry(validSubmission({ message: 'first' }));
    await rm(path.dirname(files.document), { recursive: true });
    const second = await store.submitEnquiry(validSubmission({ message: 'second' }));
    expect(second.outcome).toBe('created');
    await store.close();
    expect((await openTracked()).enquiries().map((record) => record.message)).toEqual(['first', 'second']);
  });
});

describe('temp files a crash left', () => {
  it('are removed at start', async () => {
    await writeFile(`${files.document}.tmp-123-abcdef`, '{"format":"teratai-wealth-store"');
    await writeFile(`${files.journal}.tmp-123-abcdef`, '');
    await openTracked();
    expect((await readdir(path.dirname(files.document))).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });
});
