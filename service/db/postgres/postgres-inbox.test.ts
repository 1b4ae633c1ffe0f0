/**
 * What only the PostgreSQL store does for the inbox: several instances
 * appending to one audit chain and queueing reminders at once, migration 5 on
 * a database that has data, and the indexes that keep the list fast at
 * 50,000 enquiries. Against a real server started for this file.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { auditCutDetail, firstBrokenEntry } from '../../audit-chain';
import { silentLog } from '../../log';
import type { NewAuditEntry } from '../../records';
import { validSubmission } from '../../test-support/fixtures';
import { usePostgresPerFile } from '../../test-support/postgres-per-file';
import { startStoreProcess, type StoreProcess } from '../../test-support/store-process';
import { migrate } from './migrate';
import { MIGRATIONS } from './migrations';
import { ENQUIRY_SEARCH_TEXT } from './migrations/006-full-name-search';
import { createPool } from './pool';
import { openPostgresStore, type PostgresStore } from './postgres-store';
import { addUser, removeUser } from '../../auth/staff-records';
import { appendAudit, auditLog, deleteAuditBefore } from '../../audit-append';
import { findEnquiry, updateEnquiry } from '../../enquiry-records';

const postgres = usePostgresPerFile();
/** queueReminders' `since` where a test sets no lower bound. */
const EPOCH = new Date(0);
const opened: PostgresStore[] = [];

const processes: StoreProcess[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
  await Promise.all(processes.splice(0).map((instance) => instance.stop()));
});

/** Two instances as production runs them, each a process of its own, on one new database; and its URL. */
async function twoProcesses(alertChannels: ('email' | 'webhook')[] = []): Promise<[StoreProcess, StoreProcess, string]> {
  const url = await postgres().createDatabase();
  const started = await Promise.all([startStoreProcess(url, alertChannels), startStoreProcess(url, alertChannels)]);
  processes.push(...started);
  return [started[0], started[1], url];
}

/** An instance in this process on `url`: to read back what the processes wrote, or to see another's writes. */
async function openOn(url: string, alertChannels: ('email' | 'webhook')[] = []): Promise<PostgresStore> {
  const store = await openPostgresStore(url, { alertChannels });
  opened.push(store);
  return store;
}

/** Two instances in this process on one new database. */
async function twoInstances(alertChannels: ('email' | 'webhook')[] = []): Promise<[PostgresStore, PostgresStore, string]> {
  const url = await postgres().createDatabase();
  return [await openOn(url, alertChannels), await openOn(url, alertChannels), url];
}

async function query<Row extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const entry = (detail: string): NewAuditEntry => ({
  at: new Date().toISOString(),
  actor: 'advisor',
  action: 'view',
  reference: 'TW-1FB19480',
  detail,
});

describe('the audit log', () => {
  it('stays one chain when two instances, two processes, append at once', async () => {
    const [a, b, url] = await twoProcesses();
    await Promise.all(Array.from({ length: 30 }, (_, index) => (index % 2 === 0 ? a : b).run('appendAudit', entry(`entry ${index}`))));
    const log = await auditLog(await openOn(url));
    expect(log.map((record) => record.seq)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    expect(firstBrokenEntry(log)).toBeNull();
    expect(new Set(log.map((record) => record.detail)).size).toBe(30);
  });

  it('cuts retention by number, so that an entry from a clock running behind leaves no gap', async () => {
    const [a, b] = await twoInstances();
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    await appendAudit(a, { ...entry('old'), at: minutesAgo(60) });
    await appendAudit(a, { ...entry('ahead'), at: minutesAgo(20) });
    await appendAudit(b, { ...entry('behind'), at: minutesAgo(40) });
    expect(await deleteAuditBefore(a, new Date(Date.now() - 30 * 60_000))).toBe(1);
    const log = await auditLog(a);
    expect(log.map((record) => record.detail)).toEqual(['ahead', 'behind', auditCutDetail(1, 2)]);
    expect(firstBrokenEntry(log)).toBeNull();
  });

  it('hashes the time as it is read back', async () => {
    const [a] = await twoInstances();
    const stored = await appendAudit(a, { ...entry('no milliseconds'), at: '2026-11-26T08:00:00Z' });
    expect(stored.at).toBe('2026-11-26T08:00:00.000Z');
    expect(await auditLog(a)).toEqual([stored]);
    expect(firstBrokenEntry([stored])).toBeNull();
  });
});

describe('reminders', () => {
  it('go out once per enquiry and channel when two instances, two processes, queue them at once', async () => {
    const [a, b, url] = await twoProcesses(['email', 'webhook']);
    const store = await openOn(url, ['email', 'webhook']);
    for (let index = 0; index < 20; index += 1) await store.submitEnquiry(validSubmission({ message: `Enquiry ${index}` }));
    const later = new Date(Date.now() + 60_000).toISOString();
    const since = EPOCH.toISOString();
    const counts = await Promise.all([a, b, a, b].map((instance) => instance.run('queueReminders', since, later, ['email', 'webhook'])));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(20);
    const reminders = (await store.records()).alerts.filter((alert) => alert.kind === 'reminder');
    expect(reminders).toHaveLength(40);
    expect(new Set(reminders.map((alert) => `${alert.enquiryId} ${alert.channel}`)).size).toBe(40);
    expect(await b.run('queueReminders', since, later, ['email', 'webhook'])).toBe(0);
  });
});

describe('removing a user', () => {
  it('ends their sessions on every instance and leaves their enquiries to nobody', async () => {
    const [a, b] = await twoInstances();
    const user = {
      id: randomUUID(),
      username: 'advisor',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
      createdAt: new Date().toISOString(),
      totpSecret: null,
      totpLastStep: null,
      recoveryCodeHashes: [],
    };
    await addUser(a, user);
    const now = new Date().toISOString();
    const session = {
      id: 'c'.repeat(64),
      userId: user.id,
      stage: 'signed-in' as const,
      pendingTotpSecret: null,
      createdAt: now,
      lastSeenAt: now,
    };
    await a.atomically((tx) => tx.put('sessions', session));
    expect(await b.get('sessions', session.id)).toEqual(session);
    const { record } = (await a.submitEnquiry(validSubmission())) as { record: { id: string } };
    await updateEnquiry(b, record.id, { assigneeId: user.id, status: 'replied' });
    expect(await removeUser(b, user.id)).toBe(true);
    expect(await a.get('sessions', session.id)).toBeNull();
    const enquiry = await findEnquiry(a, record.id);
    expect(enquiry).toMatchObject({ status: 'replied' });
    expect(enquiry).not.toHaveProperty('assigneeId');
    expect(await removeUser(a, user.id)).toBe(false);
  });
});

describe('migration 5', () => {
  it('makes the enquiries of a version 4 database New and nobody’s, and their alerts enquiry alerts', async () => {
    const url = await postgres().createDatabase();
    const pool = createPool(url, silentLog);
    try {
      await migrate(pool, MIGRATIONS.slice(0, 4));
      await pool.query(
        `WITH old AS (
           INSERT INTO enquiries (id, first_name, last_name, email, phone, service, message, created_at, idempotency_key, fingerprint)
           VALUES (gen_random_uuid(), 'Old', 'Record', 'old@example.com', '', '', 'Before the inbox', now(), NULL, repeat('a', 64))
           RETURNING id)
         INSERT INTO alerts (id, enquiry_id, channel, status, created_at, attempts, next_attempt_at)
         SELECT gen_random_uuid(), id, 'email', 'pending', now(), 0, now() FROM old`,
      );
    } finally {
      await pool.end();
    }
    const store = await openPostgresStore(url);
    opened.push(store);
    const { enquiries, alerts } = await store.records();
    expect(enquiries[0]).not.toHaveProperty('status');
    expect(alerts[0]).not.toHaveProperty('kind');
    expect(await store.countNewBefore(new Date(Date.now() + 1000))).toBe(1);
  });
});

describe('at 50,000 enquiries', () => {
  it('reads the first page, a status, a later page and a search through indexes', async () => {
    const [store, , url] = await twoInstances();
    await query(
      url,
      `INSERT INTO enquiries (id, first_name, last_name, email, phone, service, message, created_at, fingerprint, status)
       SELECT gen_random_uuid(), 'First' || n, 'Last' || n, 'person' || n || '@example.com', '+60 12-345 ' || n, 'Wealth planning',
              'Message number ' || n || ' about retirement', now() - n * interval '1 minute', repeat('a', 64),
              (ARRAY['new', 'replied', 'closed'])[n % 3 + 1]
       FROM generate_series(1, 50000) AS n`,
    );
    await query(url, 'ANALYZE enquiries');
    const plan = async (sql: string, values: unknown[] = []) =>
      (await query<{ 'QUERY PLAN': string }>(url, `EXPLAIN ${sql}`, values)).map((row) => row['QUERY PLAN']).join('\n');
    const page = 'SELECT * FROM enquiries';
    const order = 'ORDER BY created_at DESC, id DESC LIMIT 51';
    // Read in order from an index and stopped after a page: no scan of the table, no sort of it.
    const paged = /^Limit.*\n\s+->\s+Index Scan Backward using enquiries_/;
    expect(await plan(`${page} ${order}`)).toMatch(paged);
    expect(await plan(`${page} WHERE status = 'new' ${order}`)).toMatch(paged);
    await query(url, "UPDATE enquiries SET status = 'new' WHERE status = 'replied'");
    await query(url, "UPDATE enquiries SET status = 'replied' WHERE first_name IN ('First7', 'First49999')");
    await query(url, 'ANALYZE enquiries');
    expect(await plan(`${page} WHERE status = 'replied' ${order}`)).toMatch(/Index Scan Backward using enquiries_by_status/);
    expect(await plan(`${page} WHERE (created_at, id) < (now() - interval '20000 minutes', $1) ${order}`, [randomUUID()])).toMatch(paged);
    for (const term of ['person4242@', 'First4242 Last4242', 'last4242 first4242']) {
      expect(await plan(`SELECT count(*) FROM enquiries WHERE ${ENQUIRY_SEARCH_TEXT} ILIKE '%${term}%'`)).toMatch(
        /Bitmap Index Scan on enquiries_search/,
      );
    }

    const first = await store.listEnquiries({ limit: 50 });
    expect(first).toMatchObject({ more: true, total: 50_000 });
    expect(first.enquiries.map((record) => record.firstName).slice(0, 2)).toEqual(['First1', 'First2']);
    const last = first.enquiries.at(-1)!;
    const second = await store.listEnquiries({ limit: 50, after: { createdAt: last.createdAt, id: last.id } });
    expect(second.enquiries[0]!.firstName).toBe('First51');
    const found = await store.listEnquiries({ limit: 50, search: 'PERSON4242@' });
    expect(found.enquiries.map((record) => record.firstName)).toEqual(['First4242']);
    expect(found.total).toBe(1);
    expect((await store.listEnquiries({ limit: 50, search: 'last49999' })).total).toBe(1);
    // The full name, either way round (the plans above: through the index).
    expect((await store.listEnquiries({ limit: 50, search: 'first49999 last49999' })).total).toBe(1);
    expect((await store.listEnquiries({ limit: 50, search: 'Last49999 First49999' })).total).toBe(1);
    // The name and the address stay apart.
    expect((await store.listEnquiries({ limit: 50, search: 'last49999 person49999' })).total).toBe(0);
  });
});
