/**
 * Brings the database's schema up to this code's, at start. Every instance
 * does this; the advisory lock makes the others wait while one migrates, so
 * two instances starting together apply each version once. Each version is
 * applied in its own transaction with its schema_migrations row, so a failed
 * one leaves nothing half done.
 */
import type pg from 'pg';
import { MIGRATIONS, type Migration } from './migrations';
import { withConnection } from './pool';

/** Any fixed number, the same in every instance: the name of the lock on migrating this service's schema. */
const MIGRATION_LOCK_KEY = 7_351_208_114;

export class SchemaTooNewError extends Error {
  override name = 'SchemaTooNewError';
  constructor(unknown: readonly number[], latest: number) {
    super(
      `The database's schema is at version ${Math.max(...unknown)}, newer than this version of the service knows (${latest}). ` +
        'A newer release migrated it: run that release, or restore a backup taken before the upgrade.',
    );
  }
}

/** Applies the versions the database lacks; resolves with those applied. Throws SchemaTooNewError before changing anything. */
export async function migrate(pool: pg.Pool, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return withConnection(pool, async (client) => {
    // Session-level: held across the transactions below, released however they end.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await applyMissing(client, migrations);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  });
}

async function applyMissing(client: pg.PoolClient, migrations: readonly Migration[]): Promise<number[]> {
  await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
  const applied = new Set(rows.map((row) => row.version));
  const known = new Set(migrations.map((migration) => migration.version));
  const unknown = [...applied].filter((version) => !known.has(version));
  if (unknown.length > 0) throw new SchemaTooNewError(unknown, Math.max(...known));
  const done: number[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    await client.query('BEGIN');
    try {
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
    done.push(migration.version);
  }
  return done;
}
