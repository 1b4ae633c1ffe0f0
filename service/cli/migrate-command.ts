/**
 * `npm run enquiries -- migrate`: upgrades the file store at DB_FILE from an
 * older format, once (see db/upgrade-store.ts).
 *
 * `npm run enquiries -- migrate --to postgres://...` (or with the URL in
 * DATABASE_URL, out of the shell's history and the process list): copies the
 * file store at DB_FILE into PostgreSQL, in one transaction. Every record keeps its id,
 * and an id, idempotency key or username already in the database is skipped,
 * so running it again (after a failure, or to pick up what came meanwhile)
 * copies nothing twice.
 */
import type pg from 'pg';
import type { AlertRecord, EnquiryRecord, SpamRecord, UserRecord } from '../records';
import { describeDatabase, insertAlerts, openPostgresStore } from '../db/postgres/postgres-store';
import { inTransaction } from '../db/postgres/pool';
import { ENQUIRY_COLUMNS, ENQUIRY_WIDTH, enquiryValues, placeholders, SPAM_COLUMNS, SPAM_WIDTH } from '../db/postgres/rows';
import { readFileStore } from '../db/file-store';
import { upgradeFileStore } from '../db/upgrade-store';
import type { Io } from './enquiries';
import { plural } from './format';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters at 11 a row. */
const BATCH_ROWS = 1_000;

function batches<T>(items: readonly T[]): T[][] {
  return Array.from({ length: Math.ceil(items.length / BATCH_ROWS) }, (_, index) =>
    items.slice(index * BATCH_ROWS, (index + 1) * BATCH_ROWS),
  );
}

/** Inserts enquiries or spam not there yet, and the idempotency keys of those inserted; resolves with how many. */
async function copySubmissions(client: pg.PoolClient, table: 'enquiries' | 'spam', records: readonly (EnquiryRecord | SpamRecord)[]) {
  const spam = table === 'spam';
  const width = spam ? SPAM_WIDTH : ENQUIRY_WIDTH;
  let copied = 0;
  for (const batch of batches(records)) {
    const values = batch.flatMap((record) => (spam ? [...enquiryValues(record), (record as SpamRecord).website] : enquiryValues(record)));
    const { rows } = await client.query<{ id: string; idempotency_key: string | null }>(
      `INSERT INTO ${table} (${spam ? SPAM_COLUMNS : ENQUIRY_COLUMNS}) VALUES ${placeholders(batch.length, width)}
       ON CONFLICT DO NOTHING RETURNING id, idempotency_key`,
      values,
    );
    copied += rows.length;
    const keyed = rows.filter((row) => row.idempotency_key !== null);
    if (keyed.length === 0) continue;
    await client.query(
      `INSERT INTO idempotency_keys (key, ${spam ? 'spam_id' : 'enquiry_id'}) VALUES ${placeholders(keyed.length, 2)}`,
      keyed.flatMap((row) => [row.idempotency_key, row.id]),
    );
  }
  return copied;
}

async function copyUsers(client: pg.PoolClient, users: readonly UserRecord[]) {
  let copied = 0;
  for (const batch of batches(users)) {
    const { rowCount } = await client.query(
      `INSERT INTO users (id, username, password_hash, created_at) VALUES ${placeholders(batch.length, 4)} ON CONFLICT DO NOTHING`,
      batch.flatMap((user) => [user.id, user.username, user.passwordHash, user.createdAt]),
    );
    copied += rowCount ?? 0;
  }
  return copied;
}

async function copyAlerts(client: pg.PoolClient, alerts: readonly AlertRecord[]) {
  let copied = 0;
  for (const batch of batches(alerts)) copied += await insertAlerts(client, batch, true);
  return copied;
}

export async function copyToPostgres(dbFile: string, io: Io, to: string | undefined): Promise<number> {
  if (to === undefined || !['postgres:', 'postgresql:'].includes(URL.canParse(to) ? new URL(to).protocol : '')) {
    io.err('migrate needs the database: set DATABASE_URL=postgres://user:password@host:5432/database, or give --to with that URL.\n');
    return 2;
  }
  const loaded = await readFileStore(dbFile);
  if (!loaded.found) {
    io.err(`No store to copy: ${dbFile} does not exist. Set DB_FILE to the store's file.\n`);
    return 1;
  }
  const { enquiries, spam, users, alerts } = loaded.data;
  const store = await openPostgresStore(to);
  try {
    const copied = await inTransaction(store.pool, async (client) => ({
      enquiries: await copySubmissions(client, 'enquiries', enquiries),
      spam: await copySubmissions(client, 'spam', spam),
      users: await copyUsers(client, users),
      alerts: await copyAlerts(client, alerts),
    }));
    io.out(
      `Copied ${plural(copied.enquiries, 'enquiry', 'enquiries')} of ${enquiries.length}, ` +
        `${plural(copied.spam, 'spam record', 'spam records')} of ${spam.length}, ` +
        `${plural(copied.alerts, 'alert', 'alerts')} of ${alerts.length} and ${plural(copied.users, 'user', 'users')} of ${users.length} ` +
        `from ${dbFile} to ${describeDatabase(to)}; the others were there already.\n`,
    );
    return 0;
  } finally {
    await store.close();
  }
}

export async function upgradeStore(dbFile: string, io: Io): Promise<number> {
  const result = await upgradeFileStore(dbFile);
  if (!result.upgraded) {
    if (result.found) io.out(`${dbFile} is in the current format already: nothing to upgrade.\n`);
    else io.err(`No store to upgrade: ${dbFile} does not exist. Set DB_FILE to the store's file.\n`);
    return result.found ? 0 : 1;
  }
  const { enquiries, spam, users, alerts } = result.data;
  io.out(
    `Upgraded ${dbFile} from format version ${result.from}: ${plural(enquiries.length, 'enquiry', 'enquiries')}, ` +
      `${plural(spam.length, 'spam record', 'spam records')}, ${plural(alerts.length, 'alert', 'alerts')} and ${plural(users.length, 'user', 'users')}.\n`,
  );
  return 0;
}
