import { existsSync, mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './config/chromium';
import { DEV_BUILD_DIR, siteBuildStaleness } from './scripts/site-staleness.mjs';
import { TEST_KEYS } from './service/test-support/keys';

/**
 * End-to-end tests drive the built site (`npm run build` first) in headless
 * Chromium, served by the product's own Koa service writing a real data file in
 * a temp folder. Workers inherit E2E_DATA_DIR from the runner, so all share one.
 *
 * A second server serves a development build of the same site
 * (`npm run build:development`, into build/dist-development/): React reports
 * hydration mismatches (attributes, text) only in development, and
 * tests/e2e/hydration.spec.ts checks there is none. `npm test` makes it
 * beside the other checks; here it is made only when missing or stale.
 */
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'tw-e2e-'));
const PORT = Number(process.env.E2E_PORT ?? 4317);
const DEV_BUILD_PORT = Number(process.env.E2E_DEV_BUILD_PORT ?? 4318);
export const E2E_DB_FILE = join(process.env.E2E_DATA_DIR, 'db.json');
export const E2E_DEV_BUILD_URL = `http://127.0.0.1:${DEV_BUILD_PORT}`;
const devBuildStale = siteBuildStaleness(DEV_BUILD_DIR) !== null;

/**
 * Chromium's headless shell (Debian: chromium-headless-shell), which is what
 * Playwright itself runs headless by default: the same engine without the
 * browser around it, at about half the CPU of the full browser's headless mode
 * (offline-site.spec.ts, one worker: 13.5 s of Chromium CPU against 26.9 s),
 * and CPU is what a run on two cores waits for. It has no Background Sync, so
 * the specs and the one test about the offline outbox's delivery run in the
 * full browser. Where the shell is not installed, everything runs in the full browser.
 */
const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const BACKGROUND_SYNC_SPECS = ['delivery-rule.spec.ts', 'offline-outbox.spec.ts', 'offline-promise.spec.ts', 'update.spec.ts'];
/** Matched against a test's project, file and titles: the offline enquiry of languages.spec.ts, delivered by Background Sync. */
const BACKGROUND_SYNC_TEST = /languages\.spec\.ts offline in Chinese /;
const chromium = { ...devices['Desktop Chrome'], channel: undefined };
const projects = existsSync(HEADLESS_SHELL_PATH)
  ? [
      { name: 'chromium', testMatch: BACKGROUND_SYNC_SPECS, use: chromium },
      { name: 'chromium, languages offline', testMatch: 'languages.spec.ts', grep: BACKGROUND_SYNC_TEST, use: chromium },
      {
        name: 'headless shell',
        testIgnore: BACKGROUND_SYNC_SPECS,
        grepInvert: BACKGROUND_SYNC_TEST,
        use: { ...chromium, launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS } },
      },
    ]
  : [{ name: 'chromium', use: chromium }];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // On CI a failed test runs once more, only to record its trace: passing then still fails the run (flaky is not green).
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  // One more than the cores: a test spends much of its time waiting on the page's own timers (the loading
  // screen, retries), which the extra worker fills. On two cores: 9.2 min with two workers, 8.3 with three.
  workers: availableParallelism() + 1,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // The site's worker precaches every page in every language on a first visit, which costs each test's
    // browser more than its own page does. Specs about the worker (offline, delivery, updates) allow it.
    serviceWorkers: 'block',
    // Recorded only when a failed test runs again (CI retries once), instead of for every test as it runs.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects,
  webServer: [
    {
      command: 'npx tsx service/server.ts',
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DB_FILE: E2E_DB_FILE,
        RATE_LIMIT_PER_MINUTE: '0',
        ...TEST_KEYS,
      },
    },
    {
      command: `${devBuildStale ? 'npm run --silent build:development && ' : ''}npx tsx service/server.ts`,
      url: `${E2E_DEV_BUILD_URL}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        // React's development build, with its hydration warnings.
        NODE_ENV: 'development',
        PORT: String(DEV_BUILD_PORT),
        HOST: '127.0.0.1',
        DIST_DIR: DEV_BUILD_DIR,
        DB_FILE: join(process.env.E2E_DATA_DIR, 'db-development.json'),
        RATE_LIMIT_PER_MINUTE: '0',
        ...TEST_KEYS,
      },
    },
  ],
});
