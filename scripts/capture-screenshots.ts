/**
 * `npm run screenshots` (after `npm run build`):
 * 1. every route and the 404 page, whole page, at 390 px and 1440 px wide, into
 *    test-results/screenshots/ (SCREENSHOTS_DIR picks another folder): what a
 *    reviewer looks through before a release;
 * 2. the web-app manifest's two screenshots (public/screenshots/), for the
 *    richer install dialog;
 * 3. the staff inbox's pages, with an account and sample enquiries
 *    (capture-inbox-screenshots.ts), beside the routes' shots.
 * It starts the service on a spare port with a throw-away data file, unless
 * SITE_ORIGIN names a server that is already running (then without 3, which
 * needs the service's store).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../app/config/storage-keys';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../config/chromium';
import { LOCALE_CODES, LOCALES, splitLocalePath } from '../contract/locales';
import { LOCALISED_ROUTE_PATHS, notFoundPath } from '../contract/routes';
import { captureInboxScreenshots } from './capture-inbox-screenshots';
import { routeFileName } from './route-file-name';
import { TEST_KEYS } from '../service/test-support/keys';

const ROUTE_SHOTS_DIR = process.env.SCREENSHOTS_DIR ?? 'test-results/screenshots';
const ROUTE_WIDTHS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;
const ROUTES = [...LOCALISED_ROUTE_PATHS, ...LOCALE_CODES.map((locale) => notFoundPath(locale))];

const MANIFEST_SHOTS = [
  { file: 'public/screenshots/wide.jpg', path: '/', width: 1280, height: 720 },
  { file: 'public/screenshots/narrow.jpg', path: '/services', width: 390, height: 844 },
] as const;

/** The service on a spare port, with a data file of its own; resolves with its origin once it answers. */
async function startService(): Promise<{ origin: string; env: NodeJS.ProcessEnv; stop: () => void }> {
  const port = 4500 + Math.floor(Math.random() * 400);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tw-screenshots-'));
  // The inbox's sample enquiries are sent by this script, not by a visitor's page that solves the challenge.
  const env = {
    ...process.env,
    ...TEST_KEYS,
    PORT: String(port),
    HOST: '127.0.0.1',
    DB_FILE: path.join(dataDir, 'db.json'),
    CONTACT_CHALLENGE: 'off',
  };
  // Node itself, not npx: stopping npx would leave the service running.
  const service = spawn(process.execPath, ['--import', 'tsx', 'service/server.ts'], { env, stdio: 'ignore' });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (
      await fetch(origin).then(
        (response) => response.ok,
        () => false,
      )
    )
      return { origin, env, stop: () => service.kill('SIGTERM') };
    await new Promise((resolve) => setTimeout(resolve, 200)); // 20 s in all
  }
  service.kill('SIGTERM');
  throw new Error(`The service did not answer at ${origin}: run \`npm run build\` first.`);
}

/** A page with the cookie choice made, opened at `url`, with the home page's award pop-up closed. */
async function openSettled(browser: Browser, url: string, viewport: { width: number; height: number }): Promise<Page> {
  // The browser speaks the page's language, as its readers' do: no offer of another language over the page.
  const { locale } = splitLocalePath(new URL(url).pathname);
  const context = await browser.newContext({ viewport, locale: LOCALES[locale].intl });
  await context.addInitScript((key) => localStorage.setItem(key, 'accepted'), STORAGE_KEYS.cookieConsent);
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('#main-content').waitFor();
  if (splitLocalePath(new URL(url).pathname).path === '/') {
    const award = page.getByRole('dialog');
    await award.waitFor();
    await page.keyboard.press('Escape');
    await award.waitFor({ state: 'hidden' });
  }
  await page.waitForLoadState('networkidle');
  // Sections far from the viewport skip painting (content-visibility: auto), which a whole-page shot would show blank.
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  return page;
}

const service = process.env.SITE_ORIGIN ? null : await startService();
const origin = process.env.SITE_ORIGIN ?? service!.origin;
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
try {
  mkdirSync(ROUTE_SHOTS_DIR, { recursive: true });
  for (const viewport of ROUTE_WIDTHS) {
    for (const route of ROUTES) {
      const page = await openSettled(browser, `${origin}${route}`, viewport);
      const file = path.join(ROUTE_SHOTS_DIR, `${viewport.width}-${routeFileName(route)}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`wrote ${file}`);
      await page.context().close();
    }
  }
  if (service) await captureInboxScreenshots(browser, origin, service.env, ROUTE_SHOTS_DIR);
  for (const shot of MANIFEST_SHOTS) {
    const page = await openSettled(browser, `${origin}${shot.path}`, shot);
    await page.screenshot({ path: shot.file, type: 'jpeg', quality: 80 });
    console.log(`wrote ${shot.file}`);
    await page.context().close();
  }
} finally {
  await browser.close();
  service?.stop();
}
