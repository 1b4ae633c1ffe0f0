/**
 * A test that runs against a service of its own whose challenges expire after
 * a few seconds, instead of the main one's ten minutes: the real service
 * (service/server.ts, as Playwright's main server runs it: the built site, a
 * file store with its lock, the challenge, the rate limit's code, alerts as
 * configured) with CHALLENGE_LIFETIME_SECONDS set. `baseURL` points at it, and
 * `shortChallenges.dbFile` is its data.
 */
import path from 'node:path';
import { startServer } from '../../service/test-support/server-process';
import { test } from './fixtures';

/** Long enough for a page or the worker to fetch, solve and post a fresh challenge on a loaded machine. */
const SHORT_CHALLENGE_LIFETIME_SECONDS = 3;

export const testWithShortChallenges = test.extend<object, { shortChallenges: { url: string; dbFile: string } }>({
  shortChallenges: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from its first parameter
    async ({}, use, workerInfo) => {
      const dbFile = path.join(process.env.E2E_DATA_DIR!, `db-short-challenges-${workerInfo.workerIndex}.json`);
      const server = await startServer(
        {
          DB_FILE: dbFile,
          DIST_DIR: path.resolve('dist'),
          RATE_LIMIT_PER_MINUTE: '0',
          CHALLENGE_LIFETIME_SECONDS: String(SHORT_CHALLENGE_LIFETIME_SECONDS),
        },
        { outputUntilListening: true },
      );
      await use({ url: server.url, dbFile });
      server.child.kill('SIGTERM');
      await server.exited;
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ shortChallenges }, use) => use(shortChallenges.url),
});
