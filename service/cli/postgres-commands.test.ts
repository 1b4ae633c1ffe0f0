/**
 * The enquiries CLI against PostgreSQL (DATABASE_URL): the same commands as
 * with DB_FILE, and `migrate --to`, which copies a lowdb store in once.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enquiryReference } from '../../contract/reference';
import { startAlertDispatcher } from '../alerts/alert-dispatcher';
import { afterAttempt, DEFAULT_RETRY_POLICY } from '../alerts/alert-records';
import { createAlertSenders } from '../alerts/alert-senders';
import { silentLog } from '../log';
import { startWebhookReceiver } from '../test-support/alert-receivers';
import { openPostgresStore } from '../db/postgres/postgres-store';
import { storeFilesFor } from '../db/store-files';
import { openFileStore } from '../db/file-store';
import { enquiryRecord, journalText, makeTempDir, validSubmission } from '../test-support/fixtures';
import { auditEntry, userRecord } from '../test-support/inbox-records';
import { usePostgresPerFile } from '../test-support/postgres-per-file';
import { firstBrokenEntry } from '../audit-chain';
import { runEnquiries } from './enquiries';
import { addUser } from '../auth/staff-records';
import { appendAudit, auditLog } from '../audit-append';
import { updateEnquiry } from '../enquiry-records';
import type { MailboxCursorRecord } from '../records';

const postgres = usePostgresPerFile();
let temp: Awaited<ReturnType<typeof makeTempDir>>;
let dbFile: string;
let databaseUrl: string;

beforeEach(async () => {
  temp = await makeTempDir();
  dbFile = path.join(temp.dir, 'data', 'db.json');
  databaseUrl = await postgres().createDatabase();
});
afterEach(() => temp.remove());

async function run(env: NodeJS.ProcessEnv, ...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runEnquiries(argv, { out: (text) => (out += text), err: (text) => (err += text), env });
  return { code, out, err };
}

/**
 * Ann and Ben, one spam catch and a failed webhook alert for Ann, and a user
 * with a second factor, to whom Ann's enquiry is assigned, Replied, with a
 * note; two audit entries.
 */
async function seed(open: () => ReturnType<typeof openFileStore> | ReturnType<typeof openPostgresStore>) {
  const store = await open();
  for (const [firstName, locale] of [
    ['Ann', 'en'],
    ['Ben', 'ms'],
  ] as const) {
    await store.submitEnquiry(validSubmission({ firstName, email: `${firstName.toLowerCase()}@example.com`, locale }), randomUUID());
  }
  await store.submitEnquiry(validSubmission({ firstName: 'Bot', website: 'https://spam.example' }));
  const now = new Date();
  const [claimed] = await store.claimDueAlerts(now, now, 1);
  await store.recordAlert(afterAttempt(claimed!.alert, { kind: 'permanent', error: 'HTTP 410' }, now, DEFAULT_RETRY_POLICY));
  const user = userRecord('advisor', { totpSecret: 'JBSWY3DPEHPK3PXP', totpLastStep: 59_000_000, recoveryCodeHashes: ['a'.repeat(64)] });
  await addUser(store, user);
  const [ann] = (await store.records()).enquiries;
  await updateEnquiry(store, ann!.id, { status: 'replied', assigneeId: user.id });
  await store.atomically((tx) =>
    tx.put('notes', { id: randomUUID(), enquiryId: ann!.id, userId: user.id, text: 'Called back', createdAt: now.toISOString() }),
  );
  await store.atomically((tx) =>
    tx.put('messages', {
      id: randomUUID(),
      enquiryId: ann!.id,
      kind: 'answer',
      createdAt: now.toISOString(),
      messageId: '<answer-1@mail.example>',
      from: 'ann@example.com',
      otherAddress: false,
      text: 'Thank you, Thursday suits me.',
      attachments: [{ name: 'statement.pdf', size: 12_345 }],
      sha256: 'b'.repeat(64),
    }),
  );
  await appendAudit(store, auditEntry({ action: 'view', reference: enquiryReference(ann!.id) }));
  await appendAudit(store, auditEntry({ action: 'status', reference: enquiryReference(ann!.id), detail: 'new → replied' }));
  await store.close();
}

describe('with DATABASE_URL', () => {
  beforeEach(() => seed(() => openPostgresStore(databaseUrl, { alertChannels: ['webhook'] })));

  it('lists, exports and shows spam and alerts from the database', async () => {
    const env = { DATABASE_URL: databaseUrl };
    const list = await run(env, 'list');
    expect(list.out).toMatch(/^2 enquiries in PostgreSQL at 127\.0\.0\.1:\d+\/test_\w+, newest first:/);
    expect(list.out.indexOf('Ben')).toBeLessThan(list.out.indexOf('Ann'));
    expect(list.out).toContain('   language: Bahasa Malaysia (ms)   id: ');
    expect((await run(env, 'spam')).out).toContain('Bot Rahman');
    const exported = JSON.parse((await run(env, 'export', '--format', 'json', '--email', 'ANN@example.com')).out);
    expect(exported.map((row: { firstName: string }) => row.firstName)).toEqual(['Ann']);
    const alerts = await run(env, 'alerts');
    expect(alerts.out).toContain('1 alert pending, 1 failed');
    expect(alerts.out).toContain('last error: HTTP 410');
  });

  it('alerts retry makes the failed alerts pending in the database, and a running instance sends them', async () => {
    const webhook = await startWebhookReceiver();
    const config = { email: null, webhook: { url: webhook.url, secret: null }, timeZone: 'UTC' };
    const instance = await openPostgresStore(databaseUrl, { alertChannels: ['webhook'] });
    const dispatcher = startAlertDispatcher({ store: instance, senders: createAlertSenders(config), log: silentLog, idlePollMs: 100 });
    try {
      const retried = await run({ DATABASE_URL: databaseUrl, NOTIFY_WEBHOOK_URL: webhook.url }, 'alerts', 'retry');
      expect(retried.out).toContain('1 failed alert is pending again: the running instances send them now.');
      expect(retried.out).toContain('Every failed alert is sent now.');
      expect(retried.code).toBe(0);
    } finally {
      await dispatcher.stop();
      await instance.close();
      await webhook.stop();
    }
  });

  it('deletes by address while instances may be running', async () => {
    const env = { DATABASE_URL: databaseUrl };
    const deleted = await run(env, 'delete', '--email', 'ann@example.com');
    expect(deleted.out).toBe('Deleted 1 enquiry and 0 spam records from ann@example.com.\n');
    const store = await openPostgresStore(databaseUrl);
    const { enquiries, alerts } = await store.records();
    await store.close();
    expect(enquiries.map((record) => record.firstName)).toEqual(['Ben']);
    expect(alerts.every((alert) => alert.enquiryId === enquiries[0]!.id)).toBe(true);
  });
});

describe('migrate', () => {
  it('copies the lowdb store into PostgreSQL as it is, and nothing twice when run again', async () => {
    await seed(() => openFileStore(dbFile, { alertChannels: ['webhook'] }));
    const env = { DB_FILE: dbFile };
    const first = await run(env, 'migrate', '--to', databaseUrl);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(
      /^Copied 2 enquiries of 2, 1 spam record of 1, 2 alerts of 2, 1 user of 1, 1 note of 1, 1 message of 1 and 2 audit entries of 2 from .*db\.json to PostgreSQL at /,
    );
    const again = await run(env, 'migrate', '--to', databaseUrl);
    expect(again.out).toMatch(
      /^Copied 0 enquiries of 2, 0 spam records of 1, 0 alerts of 2, 0 users of 1, 0 notes of 1, 0 messages of 1 and 0 audit entries of 2 /,
    );

    const lowdb = await openFileStore(dbFile);
    const postgresStore = await openPostgresStore(databaseUrl);
    try {
      const records = await lowdb.records();
      expect(await postgresStore.records()).toEqual(records);
      expect(records.enquiries[0]).toMatchObject({ status: 'replied', assigneeId: (await lowdb.find('users'))[0]!.id });
      expect(await postgresStore.find('users')).toEqual(await lowdb.find('users'));
      expect(await postgresStore.find('notes', { enquiryId: records.enquiries[0]!.id })).toEqual(
        await lowdb.find('notes', { enquiryId: records.enquiries[0]!.id }),
      );
      const thread = await lowdb.find('messages', { enquiryId: records.enquiries[0]!.id });
      expect(thread).toHaveLength(1);
      expect(await postgresStore.find('messages', { enquiryId: records.enquiries[0]!.id })).toEqual(thread);
      const audit = await auditLog(lowdb);
      expect(await auditLog(postgresStore)).toEqual(audit);
      // The chain goes on in the database from the file's last entry.
      expect(await appendAudit(postgresStore, auditEntry())).toMatchObject({ seq: 3, prevHash: audit[1]!.hash });
      expect(firstBrokenEntry(await auditLog(postgresStore))).toBeNull();
      // The copied keys still answer replays, and the copied username is still taken.
      const [ann] = (await lowdb.records()).enquiries;
      const replay = await postgresStore.submitEnquiry(
        validSubmission({ firstName: 'Ann', email: 'ann@example.com' }),
        ann!.idempotencyKey!,
      );
      expect(replay).toEqual({ outcome: 'replayed', record: ann });
      await expect(addUser(postgresStore, userRecord('ADVISOR'))).rejects.toThrow('is taken');
    } finally {
      await lowdb.close();
      await postgresStore.close();
    }
  });

  it('copies the replies’ reader’s cursor, free of its holder, so the reader goes on from it', async () => {
    const cursor: MailboxCursorRecord = {
      id: 'imaps://replies@mail.example/INBOX',
      uidValidity: '1700000000',
      lastUid: 4321,
      holder: 'instance-a',
      heldUntil: new Date(Date.now() + 60_000).toISOString(),
      skipped: 2,
      failingUid: 4322,
      failedTries: 1,
      updatedAt: '2026-11-28T10:00:00.000Z',
    };
    const lowdb = await openFileStore(dbFile);
    await lowdb.atomically((tx) => tx.put('mailboxCursors', cursor));
    await lowdb.close();
    expect((await run({ DB_FILE: dbFile }, 'migrate', '--to', databaseUrl)).code).toBe(0);
    const postgresStore = await openPostgresStore(databaseUrl);
    try {
      expect(await postgresStore.get('mailboxCursors', cursor.id)).toEqual({ ...cursor, holder: null, heldUntil: null });
    } finally {
      await postgresStore.close();
    }
  });

  it('copies an enquiry stored before the site had languages as English', async () => {
    const old = enquiryRecord(1);
    await mkdir(path.dirname(dbFile), { recursive: true });
    await writeFile(storeFilesFor(dbFile).journal, journalText(0, [old]));
    const store = await openFileStore(dbFile);
    await store.submitEnquiry(validSubmission({ firstName: 'Mei', locale: 'zh' }));
    await store.close();
    expect((await run({ DB_FILE: dbFile }, 'migrate', '--to', databaseUrl)).code).toBe(0);
    const postgresStore = await openPostgresStore(databaseUrl);
    try {
      expect((await postgresStore.records()).enquiries.map((record) => [record.firstName, record.locale])).toEqual([
        ['First1', 'en'],
        ['Mei', 'zh'],
      ]);
    } finally {
      await postgresStore.close();
    }
  });

  it('takes the database from DATABASE_URL when --to is not given, so that the password stays off the command line', async () => {
    await seed(() => openFileStore(dbFile, { alertChannels: ['webhook'] }));
    const copied = await run({ DB_FILE: dbFile, DATABASE_URL: databaseUrl }, 'migrate');
    expect(copied.err).toBe('');
    expect(copied.code).toBe(0);
    expect(copied.out).toMatch(
      /^Copied 2 enquiries of 2, 1 spam record of 1, 2 alerts of 2, 1 user of 1, 1 note of 1, 1 message of 1 and 2 audit entries of 2 from /,
    );
    const postgresStore = await openPostgresStore(databaseUrl);
    try {
      expect((await postgresStore.records()).enquiries.map((record) => record.firstName)).toEqual(['Ann', 'Ben']);
    } finally {
      await postgresStore.close();
    }
  });

  it('refuses, copying nothing, when the database keeps an audit log of its own', async () => {
    await seed(() => openFileStore(dbFile, { alertChannels: ['webhook'] }));
    const postgresStore = await openPostgresStore(databaseUrl);
    try {
      await appendAudit(postgresStore, auditEntry({ action: 'sign-in' }));
      const copied = await run({ DB_FILE: dbFile }, 'migrate', '--to', databaseUrl);
      expect(copied.code).toBe(1);
      expect(copied.err).toContain("The database's audit log already has an entry 1 that differs from the one copied");
      expect((await postgresStore.records()).enquiries).toEqual([]);
      expect((await auditLog(postgresStore)).map((entry) => entry.action)).toEqual(['sign-in']);
    } finally {
      await postgresStore.close();
    }
  });

  it('needs a postgres:// URL and an existing store', async () => {
    expect((await run({ DB_FILE: dbFile }, 'migrate', '--to', 'mysql://db/x')).err).toContain(
      'migrate needs the database: set DATABASE_URL=postgres://',
    );
    const missing = await run({ DB_FILE: dbFile }, 'migrate', '--to', databaseUrl);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('No store to copy');
  });
});
