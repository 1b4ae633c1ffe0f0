import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogFields } from '../log';
import { CAPACITY, openFileStore, type FileStore } from './file-store';
import { addUser, findUser } from '../auth/staff-records';
import { emptyStoreData } from './schema';
import { journalHeader, journalLine, storeFilesFor } from './store-files';
import { healthReport } from '../routes/health-report';
import { UserInputError } from '../store-interface';
import { documentText, enquiryRecord, makeTempDir, validSubmission } from '../test-support/fixtures';
import { ARGON2ID_HASH, auditEntry, sessionRecord, userRecord } from '../test-support/inbox-records';
import { skipUnless } from '../test-support/skip-unless';
import { canMountSmallDisk, MORE_THAN_A_PAGE, mountSmallDisk, SMALL_DISK_NEEDS } from '../test-support/small-disk';
import { appendAudit, auditLog } from '../audit-append';
import { findEnquiry, updateEnquiry } from '../enquiry-records';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let dbFile: string;
const open: FileStore[] = [];

async function openTracked(): Promise<FileStore> {
  const store = await openFileStore(dbFile);
  open.push(store);
  return store;
}

async function reopen(store: FileStore): Promise<FileStore> {
  await store.close();
  return openTracked();
}

beforeEach(async () => {
  temp = await makeTempDir();
  dbFile = path.join(temp.dir, 'nested', 'data', 'db.json');
});

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await Promise.all(open.splice(0).map((store) => store.close()));
  await temp.remove();
});

describe('openFileStore', () => {
  it('creates the folder, an empty document and a journal', async () => {
    const store = await openTracked();
    expect(store.enquiries()).toEqual([]);
    const names = await readdir(path.dirname(dbFile));
    expect(names.sort()).toEqual(['db.journal.jsonl', 'db.json', 'db.json.lock', 'db.json.lock.owner', 'db.json.secret']);
    const document = JSON.parse(await readFile(dbFile, 'utf8'));
    expect(document).toMatchObject({ format: 'teratai-wealth-store', generation: 1, enquiries: [], spam: [], users: [] });
  });
});

describe('submitEnquiry', () => {
  it('stores an enquiry that is still there after reopening', async () => {
    let store = await openTracked();
    const result = await store.submitEnquiry(validSubmission());
    expect(result.outcome).toBe('created');
    store = await reopen(store);
    expect(store.enquiries()).toHaveLength(1);
    expect(store.enquiries()[0]).toMatchObject({
      firstName: 'Aisyah',
      email: 'aisyah@example.com',
      idempotencyKey: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('keeps honeypot catches apart and never stores the honeypot on an enquiry', async () => {
    let store = await openTracked();
    await store.submitEnquiry(validSubmission({ website: 'http://spam.example' }));
    await store.submitEnquiry(validSubmission({ website: '' }));
    store = await reopen(store);
    expect(store.spam()).toHaveLength(1);
    expect(store.spam()[0]?.website).toBe('http://spam.example');
    expect(store.enquiries()).toHaveLength(1);
    expect(store.enquiries()[0]).not.toHaveProperty('website');
  });

  it('answers a replay of the same key and body with the first record, storing nothing', async () => {
    const store = await openTracked();
    const key = randomUUID();
    const first = await store.submitEnquiry(validSubmission(), key);
    const second = await store.submitEnquiry(validSubmission(), key);
    expect(second).toEqual({ outcome: 'replayed', record: first.outcome !== 'conflict' && first.record });
    expect(store.enquiries()).toHaveLength(1);
  });

  it('refuses the same key with a different body', async () => {
    const store = await openTracked();
    const key = randomUUID();
    await store.submitEnquiry(validSubmission(), key);
    expect(await store.submitEnquiry(validSubmission({ message: 'Something else' }), key)).toEqual({ outcome: 'conflict' });
    expect(store.enquiries()).toHaveLength(1);
  });

  it('stores once when the same key arrives many times at once', async () => {
    let store = await openTracked();
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 20 }, () => store.submitEnquiry(validSubmission(), key)));
    const ids = new Set(results.map((result) => result.outcome !== 'conflict' && result.record.id));
    expect(ids.size).toBe(1);
    expect(results.filter((result) => result.outcome === 'created')).toHaveLength(1);
    store = await reopen(store);
    expect(store.enquiries()).toHaveLength(1);
  });

  it('remembers idempotency keys across a restart', async () => {
    let store = await openTracked();
    const key = randomUUID();
    const first = await store.submitEnquiry(validSubmission(), key);
    store = await reopen(store);
    const replay = await store.submitEnquiry(validSubmission(), key);
    expect(replay.outcome).toBe('replayed');
    expect(replay.outcome !== 'conflict' && replay.record.id).toBe(first.outcome !== 'conflict' && first.record.id);
  });
});

describe('records by reference', () => {
  it('finds the newest of enquiries that share a reference (stored before references were unique), and the other once that one is deleted', async () => {
    const [older, newer] = [1, 2].map((index) => enquiryRecord(index, { id: `abcdef12-0000-4000-8000-00000000000${index}` }));
    await mkdir(path.dirname(dbFile), { recursive: true });
    const lines = [older!, newer!].map((record) => journalLine([{ op: 'add', collection: 'enquiries', record }]));
    await writeFile(storeFilesFor(dbFile).journal, [journalHeader(0), ...lines].join(''));
    const store = await openTracked();
    expect((await findEnquiry(store, 'tw-ABCDEF12'))?.id).toBe(newer!.id);
    expect(await store.find('enquiries', { reference: 'TW-ABCDEF12' })).toEqual([older, newer]);
    await store.atomically((tx) => tx.delete('enquiries', newer!.id));
    expect((await findEnquiry(store, 'TW-ABCDEF12'))?.id).toBe(older!.id);
    expect((await findEnquiry(await reopen(store), 'TW-ABCDEF12'))?.id).toBe(older!.id);
  });
});

describe('deleteByEmail', () => {
  it('removes every record of the address from the files, enquiries and spam alike', async () => {
    let store = await openTracked();
    await store.submitEnquiry(validSubmission({ email: 'gone@example.com', message: 'Delete me' }));
    await store.submitEnquiry(validSubmission({ email: 'GONE@example.com', website: 'bot' }));
    await store.submitEnquiry(validSubmission({ email: 'stays@example.com' }));
    expect(await store.deleteByEmail(' Gone@Example.com ')).toEqual({ enquiries: 1, spam: 1 });

    store = await reopen(store);
    expect(store.enquiries().map((record) => record.email)).toEqual(['stays@example.com']);
    expect(store.spam()).toEqual([]);
    const files = (await readdir(path.dirname(dbFile), { withFileTypes: true })).filter((entry) => entry.isFile());
    const onDisk = await Promise.all(files.map((file) => readFile(path.join(path.dirname(dbFile), file.name), 'utf8')));
    expect(onDisk.join('\n').toLowerCase()).not.toContain('gone@example.com');
  });

  it('keeps accepting enquiries after a delete', async () => {
    let store = await openTracked();
    await store.submitEnquiry(validSubmission({ email: 'gone@example.com' }));
    await store.deleteByEmail('gone@example.com');
    await store.submitEnquiry(validSubmission({ email: 'new@example.com' }));
    store = await reopen(store);
    expect(store.enquiries().map((record) => record.email)).toEqual(['new@example.com']);
  });
});

describe('the inbox', () => {
  it('keeps users as given: the document holds the hash, never more', async () => {
    let store = await openTracked();
    const user = userRecord('operator');
    await addUser(store, user);
    await expect(addUser(store, userRecord('Operator'))).rejects.toThrow(UserInputError);
    store = await reopen(store);
    expect(await store.find('users')).toEqual([user]);
    expect(await readFile(dbFile, 'utf8')).toContain(`"passwordHash":"${ARGON2ID_HASH}"`);
  });

  it('writes a session as one journal line that does not hurry a fold; an enquiry does', async () => {
    // The fold's timers run on the test's clock: "no fold" is then a fact, not a guess about how long to wait.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fold = { quietMs: 50, latestMs: 100 };
    const store = await openFileStore(dbFile, { fold });
    open.push(store);
    const user = userRecord('operator');
    await addUser(store, user);
    const session = sessionRecord(user.id);
    await store.atomically((tx) => tx.put('sessions', session));
    const journal = storeFilesFor(dbFile).journal;
    expect((await readFile(journal, 'utf8')).trimEnd().split('\n')).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(10 * fold.latestMs);
    // A fold that had fired is in the store's write queue ahead of this line, so it would be on disk now.
    await store.atomically((tx) => tx.put('sessions', sessionRecord(user.id)));
    expect(await readFile(dbFile, 'utf8')).not.toContain(session.id);
    await store.submitEnquiry(validSubmission());
    await vi.waitFor(async () => expect(await readFile(dbFile, 'utf8')).toContain(session.id));
  });

  it('reads a document of this version written before the inbox, as having no staff records yet', async () => {
    const enquiry = enquiryRecord(1);
    await mkdir(path.dirname(dbFile), { recursive: true });
    await writeFile(
      dbFile,
      JSON.stringify({ format: 'teratai-wealth-store', version: 5, generation: 1, enquiries: [enquiry], spam: [], users: [], alerts: [] }),
    );
    const store = await openTracked();
    expect(store.enquiries()).toEqual([enquiry]);
    expect(await store.find('users')).toEqual([]);
    expect(await auditLog(store)).toEqual([]);
  });

  skipUnless(canMountSmallDisk, SMALL_DISK_NEEDS)('takes a change a full disk refused back out of memory (needs root)', async () => {
    const disk = await mountSmallDisk(path.join(temp.dir, 'disk'));
    try {
      const store = await openFileStore(path.join(disk.dir, 'db.json'));
      open.push(store);
      // Its record is longer than a page, so the batch that writes it again cannot fit into the journal's last page.
      const submitted = await store.submitEnquiry(validSubmission({ message: MORE_THAN_A_PAGE }));
      if (submitted.outcome !== 'created') throw new Error('not stored');
      const enquiry = submitted.record;
      await disk.fill();
      const user = userRecord('operator');
      const refused = await Promise.allSettled([
        addUser(store, user),
        updateEnquiry(store, enquiry.id, { status: 'closed' }),
        appendAudit(store, auditEntry()),
      ]);
      expect(refused.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(await findUser(store, 'operator')).toBeNull();
      expect(await findEnquiry(store, enquiry.id)).toEqual(enquiry);
      expect(await auditLog(store)).toEqual([]);
      await disk.free();
      await vi.waitFor(async () => expect(await store.writable()).toBe(true), { timeout: 10_000 });
      await addUser(store, user);
      expect((await appendAudit(store, auditEntry())).seq).toBe(1);
    } finally {
      disk.unmount();
    }
  });
});

describe('alerts', () => {
  const startedAt = new Date();

  it('are written with their enquiry, one per channel, and survive a reopen as pending', async () => {
    let store = await openFileStore(dbFile, { alertChannels: ['email', 'webhook'] });
    open.push(store);
    const result = await store.submitEnquiry(validSubmission());
    store = await reopen(store);
    const id = result.outcome === 'created' && result.record.id;
    expect(store.alerts().map((alert) => [alert.enquiryId, alert.channel, alert.status])).toEqual([
      [id, 'email', 'pending'],
      [id, 'webhook', 'pending'],
    ]);
  });

  it('are handed out oldest first, each to one sender until its outcome is recorded', async () => {
    const store = await openFileStore(dbFile, { alertChannels: ['email'] });
    open.push(store);
    for (const firstName of ['Ann', 'Ben', 'Chen']) await store.submitEnquiry(validSubmission({ firstName }));
    const later = new Date(Date.now() + 1000);
    const first = await store.claimDueAlerts(later, startedAt, 2);
    expect(first.map((claimed) => claimed.enquiry?.firstName)).toEqual(['Ann', 'Ben']);
    expect((await store.claimDueAlerts(later, startedAt, 5)).map((claimed) => claimed.enquiry?.firstName)).toEqual(['Chen']);
    expect(await store.claimDueAlerts(later, startedAt, 5)).toEqual([]);
    await store.recordAlert({ ...first[0]!.alert, attempts: 1, nextAttemptAt: later.toISOString() });
    expect((await store.claimDueAlerts(later, startedAt, 5)).map((claimed) => claimed.enquiry?.firstName)).toEqual(['Ann']);
  });

  it('tried by an earlier run are due again at start, whatever their next attempt says', async () => {
    let store = await openFileStore(dbFile, { alertChannels: ['email'] });
    open.push(store);
    await store.submitEnquiry(validSubmission());
    const [claimed] = await store.claimDueAlerts(new Date(Date.now() + 1000), startedAt, 1);
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    await store.recordAlert({ ...claimed!.alert, attempts: 1, lastAttemptAt: new Date().toISOString(), nextAttemptAt: inAnHour });
    expect(await store.claimDueAlerts(new Date(), new Date(Date.now() - 60_000), 1)).toEqual([]);
    store = await reopen(store);
    expect(await store.claimDueAlerts(new Date(), new Date(Date.now() + 1), 1)).toHaveLength(1);
  });

  it('go with their enquiry when it is deleted', async () => {
    const store = await openFileStore(dbFile, { alertChannels: ['email'] });
    open.push(store);
    await store.submitEnquiry(validSubmission({ email: 'gone@example.com' }));
    await store.submitEnquiry(validSubmission({ email: 'stays@example.com' }));
    await store.deleteByEmail('gone@example.com');
    expect(store.alerts()).toHaveLength(1);
    expect(store.alerts()[0]?.enquiryId).toBe(store.enquiries()[0]?.id);
  });
});

describe('capacity', () => {
  /** A store of `count` enquiries, opened with its log collected. */
  async function openHolding(count: number) {
    dbFile = path.join(temp.dir, `holding-${count}`, 'db.json');
    await mkdir(path.dirname(dbFile), { recursive: true });
    const enquiries = Array.from({ length: count }, (_, index) => enquiryRecord(index));
    await writeFile(dbFile, documentText({ ...emptyStoreData(), enquiries }, 1));
    const lines: LogFields[] = [];
    const store = await openFileStore(dbFile, { log: (entry) => lines.push(entry) });
    open.push(store);
    return { store, warnings: () => lines.filter((line) => line.level === 'warn') };
  }

  it('says how full the store is, and from 80% of it warns at start, daily and in the health details that it is time to move to PostgreSQL', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    const nearlyFull = await openHolding(0.8 * CAPACITY);
    const DAY_MS = 24 * 60 * 60 * 1000;
    expect(await nearlyFull.store.capacity()).toEqual({ enquiries: 40_000, limit: 50_000 });
    const warning = expect.objectContaining({
      msg: expect.stringContaining('time to move to PostgreSQL (npm run enquiries -- migrate --to'),
      capacity: '40,000 of 50,000 enquiries (80%)',
    });
    expect(nearlyFull.warnings()).toEqual([warning]);
    vi.advanceTimersByTime(DAY_MS - 1);
    expect(nearlyFull.warnings()).toEqual([warning]);
    vi.advanceTimersByTime(1);
    expect(nearlyFull.warnings()).toEqual([warning, warning]);
    vi.useRealTimers();
    const details = await healthReport(nearlyFull.store, [], new Date());
    expect(details.store).toEqual({
      writable: true,
      capacity: { enquiries: 40_000, limit: 50_000, warning: expect.stringContaining('time to move to PostgreSQL') },
    });
    await nearlyFull.store.close();

    const below = await openHolding(0.8 * CAPACITY - 1);
    expect(below.warnings()).toEqual([]);
  }, 30_000);
});

describe('transactions', () => {
  it('never put a transaction that did not finish into a document written meanwhile', async () => {
    const store = await openTracked();
    await store.submitEnquiry(validSubmission({ email: 'leaving@example.com' }));
    let giveUp!: () => void;
    let wrote!: () => void;
    const undecided = new Promise<void>((resolve) => (giveUp = resolve));
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const transaction = store.atomically(async (tx) => {
      await tx.put('users', userRecord('halfway'));
      wrote();
      await undecided;
      throw new Error('changed its mind');
    });
    await written;
    // The deletion writes the whole store out as a new document while the transaction waits.
    expect(await store.deleteByEmail('leaving@example.com')).toEqual({ enquiries: 1, spam: 0 });
    giveUp();
    await expect(transaction).rejects.toThrow('changed its mind');
    const again = await reopen(store);
    expect(await findUser(again, 'halfway')).toBeNull();
  });
});
