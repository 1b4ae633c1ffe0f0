/** One real PostgreSQL server for the test file that calls this, started before its tests and removed after. */
import { afterAll, beforeAll } from 'vitest';
import { startPostgres, type TestPostgres } from './postgres';

const START_TIMEOUT_MS = 60_000; // initdb and the first start, on a loaded machine

/** Returns the server; call it inside tests and hooks, once it has started. */
export function usePostgresPerFile(): () => TestPostgres {
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
