import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogFields } from './log';
import { auditCutDetail, firstBrokenEntry } from './audit-chain';
import { startRetention, sweepExpired } from './retention';
import { openFileStore, type FileStore } from './db/file-store';
import { makeTempDir, validSubmission } from './test-support/fixtures';
import { appendAudit, auditLog } from './audit-append';

const DAY_MS = 24 * 60 * 60 * 1000;

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let dbFile: string;
let store: FileStore;
let logged: LogFields[];

beforeEach(async () => {
  temp = await makeTempDir();
  dbFile = path.join(temp.dir, 'data', 'db.json');
  store = await openFileStore(dbFile, { alertChannels: ['email'] });
  logged = [];
});

afterEach(async () => {
  await store.close();
  await temp.remove();
});

async function filesText(): Promise<string> {
  const dir = path.dirname(dbFile);
  const files = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isFile());
  return (await Promise.all(files.map((file) => readFile(path.join(dir, file.name), 'utf8')))).join('\n');
}

describe('retention', () => {
  it('keeps what is younger than RETENTION_DAYS, with the clock moved forward', async () => {
    await store.submitEnquiry(validSubmission({ email: 'young@example.com' }));
    const deleted = await sweepExpired({
      store,
      days: 730,
      auditDays: 0,
      log: (fields) => logged.push(fields),
      now: () => new Date(Date.now() + 729 * DAY_MS),
    });
    expect(deleted).toEqual({ enquiries: 0, spam: 0 });
    expect(store.enquiries()).toHaveLength(1);
    expect(logged).toEqual([]);
  });

  it('deletes enquiries, spam and their alerts once older, from the files too, and logs counts only', async () => {
    await store.submitEnquiry(validSubmission({ email: 'old@example.com', message: 'an old message' }));
    await store.submitEnquiry(validSubmission({ email: 'bot@example.com', website: 'http://spam.example' }));
    const later = new Date(Date.now() + 731 * DAY_MS);
    const deleted = await sweepExpired({ store, days: 730, auditDays: 0, log: (fields) => logged.push(fields), now: () => later });
    expect(deleted).toEqual({ enquiries: 1, spam: 1 });
    expect([store.enquiries(), store.spam(), store.alerts()]).toEqual([[], [], []]);
    const text = await filesText();
    expect(text).not.toContain('old@example.com');
    expect(text).not.toContain('an old message');
    expect(logged).toEqual([expect.objectContaining({ msg: 'retention: old records deleted', enquiries: 1, spam: 1 })]);
    expect(JSON.stringify(logged)).not.toContain('old@example.com');
  });

  it('records its deletions in the audit log, by no one, with the counts and never the data', async () => {
    await store.submitEnquiry(validSubmission({ email: 'old@example.com' }));
    await store.submitEnquiry(validSubmission({ email: 'older@example.com' }));
    const later = new Date(Date.now() + 731 * DAY_MS);
    await sweepExpired({ store, days: 730, auditDays: 0, log: () => {}, now: () => later });
    await sweepExpired({ store, days: 730, auditDays: 0, log: () => {}, now: () => later }); // nothing left: no entry
    const log = await auditLog(store);
    expect(log).toEqual([
      expect.objectContaining({
        at: later.toISOString(),
        actor: null,
        action: 'retention-delete',
        reference: null,
        detail: '2 enquiries, 0 held records, older than 730 days',
      }),
    ]);
    expect(firstBrokenEntry(log)).toBeNull();
  });

  it('deletes audit entries older than AUDIT_RETENTION_DAYS; the chain still verifies from the first one kept', async () => {
    const day = (n: number) => new Date(Date.UTC(2020, 0, 1) + n * DAY_MS).toISOString();
    for (const n of [0, 1, 2]) {
      await appendAudit(store, { at: day(n), actor: 'advisor', action: 'view', reference: 'TW-1FB19480', detail: null });
    }
    await sweepExpired({
      store,
      days: 0,
      auditDays: 10,
      log: (fields) => logged.push(fields),
      now: () => new Date(Date.parse(day(11)) - 3_600_000),
    });
    const log = await auditLog(store);
    expect(log.slice(0, 2).map((entry) => entry.at)).toEqual([day(1), day(2)]);
    expect(log[2]).toMatchObject({ seq: 4, actor: null, action: 'retention-delete', detail: auditCutDetail(1, 2) });
    expect(firstBrokenEntry(log)).toBeNull();
    expect(logged).toEqual([expect.objectContaining({ msg: 'retention: old audit entries deleted', entries: 1 })]);
  });

  it('runs at start and then once a day', async () => {
    // The schedule runs on the test's clock: no sweep between two days is a fact, not a guess about how long to wait.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const clock = Date.now() + 2 * DAY_MS;
    let sweeps = 0;
    const now = () => {
      sweeps += 1;
      return new Date(clock);
    };
    // Each sweep that deletes logs it; vi.waitFor would move the faked clock while it polls.
    let deletionLogged = () => {};
    const nextDeletion = () => new Promise<void>((resolve) => (deletionLogged = resolve));
    const log = (fields: LogFields) => {
      logged.push(fields);
      deletionLogged();
    };
    await store.submitEnquiry(validSubmission({ message: 'two days old at the start' }));
    let deletion = nextDeletion();
    const stop = startRetention({ store, days: 1, auditDays: 0, log, now });
    try {
      await deletion;
      expect([sweeps, store.enquiries()]).toEqual([1, []]);
      await store.submitEnquiry(validSubmission({ message: 'due at the next sweep' }));
      deletion = nextDeletion();
      await vi.advanceTimersByTimeAsync(DAY_MS - 1);
      expect(sweeps).toBe(1);
      expect(store.enquiries()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(sweeps).toBe(2);
      await deletion;
      expect(store.enquiries()).toEqual([]);
      expect(logged).toHaveLength(2);
    } finally {
      stop();
      vi.useRealTimers();
    }
  });

  it('keeps everything with 0 days', async () => {
    await store.submitEnquiry(validSubmission({ message: 'first' }));
    await sweepExpired({
      store,
      days: 0,
      auditDays: 0,
      log: (fields) => logged.push(fields),
      now: () => new Date(Date.now() + 10_000 * DAY_MS),
    });
    expect(store.enquiries()).toHaveLength(1);
    expect(logged).toEqual([]);
  });
});
