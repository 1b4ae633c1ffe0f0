import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NOTIFICATION_DURATION_MS } from '../../app/config/timings';
import { ROUTE_PATHS } from '../../contract/routes';
import { expect, openPage, test } from './fixtures';
import { notifications, waitForWorkerControl } from './pwa';

// This test runs the page's clock itself (the update notice's time on screen).
test.use({ fastLoadingScreen: false });

test.use({ serviceWorkers: 'allow' });

const PORT = 4391;
const ORIGIN = `http://127.0.0.1:${PORT}`;

/**
 * A second build of the site: the same files with changed HTML and a changed
 * worker, as a new release would have. Each changed HTML file gets a new
 * precache revision, so the new worker fetches it.
 */
function makeSecondBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tw-build-2-'));
  cpSync('dist', dir, { recursive: true });
  const worker = join(dir, 'sw.js');
  const source = readFileSync(worker, 'utf8').replace(
    /\{"revision":"[0-9a-f]+","url":"([^"]+\.html)"\}/g,
    (_match, url: string) => `{"revision":"second-release","url":"${url}"}`,
  );
  writeFileSync(worker, `${source}\n// second release\n`);
  const pages = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  for (const page of pages.map((file) => join(dir, file))) {
    writeFileSync(page, readFileSync(page, 'utf8').replace(/<head[^>]*>/, '$&<meta name="release" content="second" />'));
  }
  // Last-Modified has whole seconds: date the release later than the first build, as a real one is.
  const later = new Date(Date.now() + 5_000);
  for (const file of [worker, ...pages.map((page) => join(dir, page))]) utimesSync(file, later, later);
  return dir;
}

async function startServer(distDir: string, dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'service/server.ts'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DIST_DIR: distDir, DB_FILE: join(dataDir, 'db.json') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    server.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('"listening"')) resolve();
    });
  });
  return server;
}

async function stopServer(server: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

test('a new release waits, offers a reload, and keeps typed input until the visitor accepts', async ({ page }) => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-update-'));
  const firstBuild = mkdtempSync(join(tmpdir(), 'tw-build-1-'));
  cpSync('dist', firstBuild, { recursive: true });
  const secondBuild = makeSecondBuild();

  let server = await startServer(firstBuild, dataDir);
  try {
    await page.clock.install();
    await openPage(page, `${ORIGIN}${ROUTE_PATHS.contact}`);
    await waitForWorkerControl(page);
    await page.getByLabel('First Name').fill('Hafiz');
    await page.getByLabel('Message').fill('Half-written question about unit trusts');
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));

    await stopServer(server);
    server = await startServer(secondBuild, dataDir);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());

    const offer = notifications(page).filter({ hasText: 'A new version of this site is ready' });
    await expect(offer).toBeVisible({ timeout: 20_000 });
    // Well past the usual display time, on the page's clock: the offer stays, nothing reloads, the input is intact.
    await page.clock.runFor(NOTIFICATION_DURATION_MS + 1000);
    await expect(offer).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    await expect(page.getByLabel('First Name')).toHaveValue('Hafiz');
    await expect(page.getByLabel('Message')).toHaveValue('Half-written question about unit trusts');
    expect(await page.locator('meta[name="release"]').count()).toBe(0);

    await offer.getByRole('button', { name: 'Reload' }).click();
    await expect(page.locator('meta[name="release"]')).toHaveAttribute('content', 'second', { timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBeUndefined();
    const precaches = await page.evaluate(async () => (await caches.keys()).filter((name) => name.includes('precache')));
    expect(precaches).toHaveLength(1);
  } finally {
    await stopServer(server);
  }
});
