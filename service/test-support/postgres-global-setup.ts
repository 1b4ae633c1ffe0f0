/**
 * Vitest's global set-up: one PostgreSQL server for the whole run, on which
 * each test makes a database of its own (postgres-per-file.ts), instead of a
 * server started and removed in every file that uses one. Where PostgreSQL is
 * not installed there is none, and each file that needs it fails as it did
 * when it started its own.
 */
import type { TestProject } from 'vitest/node';
import { findPostgresBin, startPostgres } from './postgres';

/**
 * Room for every worker's tests at once: a file's stores and service
 * processes each hold a pool of connections, and on a server of its own each
 * file had PostgreSQL's default 100.
 */
const MAX_CONNECTIONS = 500;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's PostgreSQL server (its `postgres` database), or null when PostgreSQL is not installed. */
    postgresUrl: string | null;
  }
}

export default async function setUpPostgres(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if ((await findPostgresBin()) === null) {
    project.provide('postgresUrl', null);
    return undefined;
  }
  const postgres = await startPostgres({ maxConnections: MAX_CONNECTIONS });
  project.provide('postgresUrl', postgres.url);
  return () => postgres.stop();
}
