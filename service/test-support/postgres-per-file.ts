/**
 * The PostgreSQL server a test file makes its databases on: the run's own
 * (postgres-global-setup.ts), or, for a file that shuts the server down, one
 * of its own, started before its tests and removed after.
 */
import { afterAll, beforeAll, inject } from 'vitest';
import { createDatabaseOn, dropDatabase, type PostgresServer, startPostgres, type TestPostgres } from './postgres';

const START_TIMEOUT_MS = 60_000; // initdb and the first start, on a loaded machine

/** The run's server, whose databases this file drops when it ends: the server outlives the file. */
function theRunsServer(serverUrl: string): () => PostgresServer {
  const made: string[] = [];
  afterAll(async () => {
    for (const url of made) await dropDatabase(url);
  });
  const server: PostgresServer = {
    url: serverUrl,
    port: Number(new URL(serverUrl).port),
    async createDatabase() {
      const url = await createDatabaseOn(serverUrl);
      made.push(url);
      return url;
    },
  };
  return () => server;
}

/** A server for this file alone, which its tests may shut down and start again. */
function aServerOfItsOwn(): () => TestPostgres {
  let postgres: TestPostgres | undefined;
  beforeAll(async () => {
    postgres = await startPostgres();
  }, START_TIMEOUT_MS);
  afterAll(() => postgres?.stop());
  return () => {
    if (!postgres) throw new Error('PostgreSQL has not started');
    return postgres;
  };
}

/**
 * Returns the server; call it inside tests and hooks. `ownServer`: a server
 * for this file alone, for a file that stops it (an outage), which would
 * break every other file's tests on the run's server.
 */
export function usePostgresPerFile(options: { ownServer: true }): () => TestPostgres;
export function usePostgresPerFile(): () => PostgresServer;
export function usePostgresPerFile({ ownServer = false }: { ownServer?: boolean } = {}): () => PostgresServer {
  const serverUrl = inject('postgresUrl');
  // Without the run's server (PostgreSQL missing, or Vitest run without the global set-up), start one here as before.
  return ownServer || !serverUrl ? aServerOfItsOwn() : theRunsServer(serverUrl);
}
