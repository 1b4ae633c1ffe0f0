/**
 * What only the PostgreSQL store has: its schema migrations, and an outage
 * of the database it survives. Against a real server started for this file.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { validSubmission } from '../../test-support/fixtures';
import { usePostgresPerFile } from '../../test-support/postgres-per-file';
import { StoreUnavailableError } from '../../store-interface';
import { MIGRATIONS } from './migrations';
import { migrate, SchemaTooNewError } from './migrate';
import { createPool, inTransaction } from './pool';
import { silentLog } from '../../log';
import { openPostgresStore, type PostgresStore } from './postgres-store';
import { findEnquiry, findSpam } from '../../enquiry-records';

const postgres = usePostgresPerFile({ ownServer: true });
const opened: PostgresStore[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

async function open(url: string): Promise<PostgresStore> {
  const store = await openPostgresStore(url);
  opened.push(store);
  return store;
}

async function query<Row extends pg.QueryResultRow>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('migrations', () => {
  const latest = MIGRATIONS.at(-1)!.version;

  it('bring an empty database to the latest version, and record it', async () => {
    const url = await postgres().createDatabase();
    await open(url);
    const rows = await query<{ version: number }>(url, 'SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((row) => row.version)).toEqual(MIGRATIONS.map((migration) => migration.version));
  });

  it('run once when several instances start together', async () => {
    const url = await postgres().createDatabase();
    const stores = await Promise.all(Array.from({ length: 4 }, () => openPostgresStore(url)));
    opened.push(...stores);
    const rows = await query<{ count: number }>(url, 'SELECT count(*)::integer AS count FROM schema_migrations');
    expect(rows[0]!.count).toBe(MIGRATIONS.length);
  });

  it('give the enquiries and spam of a version 1 database a language: English', async () => {
    const url = await postgres().createDatabase();
    const pool = createPool(url, silentLog);
    try {
      await migrate(pool, MIGRATIONS.slice(0, 1));
      await pool.query(
        `INSERT INTO enquiries (id, first_name, last_name, email, phone, service, message, created_at, idempotency_key, fingerprint)
         VALUES (gen_random_uuid(), 'Old', 'Record', 'old@example.com', '', '', 'Before languages', now(), NULL, repeat('a', 64))`,
      );
    } finally {
      await pool.end();
    }
    const store = await open(url);
    await store.submitEnquiry(validSubmission({ firstName: 'New', locale: 'zh' }));
    expect((await store.records()).enquiries.map((record) => [record.firstName, record.locale])).toEqual([
      ['Old', 'en'],
      ['New', 'zh'],
    ]);
    await expect(query(url, "UPDATE enquiries SET locale = 'Malay' WHERE first_name = 'Old'")).rejects.toThrow(/check constraint/);
  });

  it('keep two records that already share a reference (version 11), and give a new one another reference', async () => {
    const url = await postgres().createDatabase();
    const pool = createPool(url, silentLog);
    try {
      await migrate(
        pool,
        MIGRATIONS.filter((migration) => migration.version < 11),
      );
      for (const [table, id] of [
        ['enquiries', 'abcdef12-0000-4000-8000-000000000001'],
        ['spam', 'abcdef12-0000-4000-8000-000000000002'],
      ]) {
        await pool.query(
          `INSERT INTO ${table} (id, first_name, last_name, email, phone, service, message, created_at, idempotency_key, fingerprint)
           VALUES ($1, 'Old', 'Record', 'old@example.com', '', '', 'Before unique references', now(), NULL, repeat('a', 64))`,
          [id],
        );
      }
    } finally {
      await pool.end();
    }
    const ids = ['abcdef12-0000-4000-8000-000000000003'];
    const store = await openPostgresStore(url, { newId: () => ids.shift() ?? randomUUID() });
    opened.push(store);
    const created = await store.submitEnquiry(validSubmission({ firstName: 'New' }));
    expect(created.outcome === 'created' && created.record.id.slice(0, 8)).not.toBe('abcdef12');
    expect((await findEnquiry(store, 'abcdef12-0000-4000-8000-000000000001'))?.firstName).toBe('Old');
    expect((await findSpam(store, 'abcdef12-0000-4000-8000-000000000002'))?.firstName).toBe('Old');
  });

  it('refuse a schema newer than this code knows, with a sentence, and change nothing', async () => {
    const url = await postgres().createDatabase();
    await (await openPostgresStore(url)).close();
    await query(url, `INSERT INTO schema_migrations (version, name) VALUES (${latest + 1}, 'from a newer release')`);
    const opening = openPostgresStore(url);
    await expect(opening).rejects.toThrow(SchemaTooNewError);
    await expect(opening).rejects.toThrow(
      `The database's schema is at version ${latest + 1}, newer than this version of the service knows (${latest}).`,
    );
  });

  it('say in a sentence that the database cannot be reached, without its password', async () => {
    const url = `postgres://postgres:secret-password@127.0.0.1:${postgres().port + 1}/nowhere`;
    const opening = openPostgresStore(url);
    await expect(opening).rejects.toThrow(/PostgreSQL at 127\.0\.0\.1:\d+\/nowhere cannot be reached/);
    await expect(opening).rejects.not.toThrow(/secret-password/);
  });
});

describe('a query the database leaves unanswered', () => {
  it('fails as StoreUnavailableError after the query timeout (the visitor gets the 503), and the store goes on', async () => {
    const url = await postgres().createDatabase();
    const store = await openPostgresStore(url, { queryTimeoutMs: 500 });
    opened.push(store);
    // Another client's transaction holds the table, as a long manual change would.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE enquiries IN ACCESS EXCLUSIVE MODE');
      const started = performance.now();
      await expect(store.submitEnquiry(validSubmission())).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(performance.now() - started).toBeLessThan(3_000);
      await holder.query('ROLLBACK');
    } finally {
      await holder.end();
    }
    expect((await store.submitEnquiry(validSubmission())).outcome).toBe('created');
  });
});

describe('a database outage', () => {
  it('fails a transaction whose connection is lost between two of its queries as StoreUnavailableError, and the process lives on', async () => {
    const pool = createPool(await postgres().createDatabase(), silentLog);
    try {
      const transaction = inTransaction(pool, async (client) => {
        await client.query('SELECT 1');
        // A listener of 'end' alone: events.once would also listen for 'error' and so hear what nothing else would.
        const ended = new Promise((resolve) => client.once('end', resolve));
        await postgres().shutDown();
        await ended;
        return client.query('SELECT 1');
      });
      await expect(transaction).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await postgres().startAgain();
      await pool.end();
    }
  });

  it('makes the store unwritable and its writes StoreUnavailableError, then passes by itself', async () => {
    const store = await open(await postgres().createDatabase());
    await store.submitEnquiry(validSubmission());
    await postgres().shutDown();
    try {
      expect(await store.writable()).toBe(false);
      await expect(store.submitEnquiry(validSubmission())).rejects.toThrow(StoreUnavailableError);
      await expect(store.alertSummary()).rejects.toThrow(StoreUnavailableError);
    } finally {
      await postgres().startAgain();
    }
    expect(await store.writable()).toBe(true);
    expect((await store.submitEnquiry(validSubmission())).outcome).toBe('created');
    expect((await store.records()).enquiries).toHaveLength(2);
  });
});
