/**
 * A test that runs against a service of its own whose challenges expire after
 * a few seconds (./short-challenge-service.ts), instead of the main one's ten
 * minutes: `baseURL` points at it, and `shortChallenges.dbFile` is its data.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../service/test-support/server-process';
import { test } from './fixtures';

export const SHORT_CHALLENGE_LIFETIME_MS = 3_000;
const ENTRY = fileURLToPath(new URL('./short-challenge-service.ts', import.meta.url));

export const testWithShortChallenges = test.extend<object, { shortChallenges: { url: string; dbFile: string } }>({
  shortChallenges: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from its first parameter
    async ({}, use, workerInfo) => {
      const dbFile = path.join(process.env.E2E_DATA_DIR!, `db-short-challenges-${workerInfo.workerIndex}.json`);
      const server = await startServer(
        { DB_FILE: dbFile, CHALLENGE_LIFETIME_MS: String(SHORT_CHALLENGE_LIFETIME_MS) },
        { entry: ENTRY, outputUntilListening: true },
      );
      await use({ url: server.url, dbFile });
      server.child.kill('SIGTERM');
      await server.exited;
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ shortChallenges }, use) => use(shortChallenges.url),
});
