/**
 * `npm run bench:outbox`: for an enquiry queued while offline, the time from
 * the network coming back to the enquiry being stored, with the contact page
 * open, in Chromium with Background Sync and without it (as in Safari and
 * Firefox, where the page's own 'online' trigger delivers). "Stored" is the
 * moment the service's 201 for it goes out, which it sends only once the
 * record is on disk (read from the service's request log). BENCH_RUNS runs per
 * mode (default 10), each in a fresh browser context; prints the medians.
 * A measurement, not a test. Run `npm run build` first.
 */
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../config/chromium';
import { makeTempDir } from '../service/test-support/fixtures';
import { startServer, type ServerProcess } from '../service/test-support/server-process';
import { median } from './median';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);

/** Resolves at the moment the service logs its next 201 to POST /api/contact. */
function nextStored(server: ServerProcess): Promise<number> {
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as { msg?: string; path?: string; method?: string; status?: number };
        if (entry.msg === 'request' && entry.method === 'POST' && entry.path === '/api/contact' && entry.status === 201) {
          server.child.stdout!.off('data', onData);
          resolve(performance.now());
        }
      }
    };
    server.child.stdout!.on('data', onData);
  });
}

/** One run: queue an enquiry offline on the open contact page, come back online, time until it is stored. */
async function timeToStored(browser: Browser, server: ServerProcess & { url: string }, withSync: boolean, run: number): Promise<number> {
  const context = await browser.newContext({ serviceWorkers: 'allow', baseURL: server.url });
  try {
    if (!withSync) {
      await context.addInitScript(() => {
        delete (window as { SyncManager?: unknown }).SyncManager;
        delete (ServiceWorkerRegistration.prototype as { sync?: unknown }).sync;
      });
    }
    const page = await context.newPage();
    await page.goto('/contact');
    // The app has taken the page over once its notification area is there; the worker controls it once claimed.
    await page.locator('[role="region"][aria-label^="Notifications"]').waitFor({ state: 'attached' });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return;
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    });
    await context.setOffline(true);
    await page.getByLabel('First Name').fill('Bench');
    await page.getByLabel('Last Name').fill(`Run ${run}`);
    await page.getByLabel('Email Address').fill(`bench-${withSync ? 'sync' : 'nosync'}-${run}@example.com`);
    await page.getByLabel('Message').fill('Queued while offline, for the benchmark.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText("You're offline, message saved", { exact: true }).waitFor();

    const stored = nextStored(server);
    const backOnline = performance.now();
    await context.setOffline(false);
    return (await stored) - backOnline;
  } finally {
    await context.close();
  }
}

const temp = await makeTempDir();
const server = await startServer({ DB_FILE: path.join(temp.dir, 'db.json'), RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'info' });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
try {
  console.log(`Back online to stored, queued enquiry, contact page open: ${RUNS} runs per mode (ms)\n`);
  console.log('mode                       median      min      max');
  for (const [label, withSync] of [
    ['with Background Sync', true],
    ['without Background Sync', false],
  ] as const) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) times.push(await timeToStored(browser, server, withSync, run));
    const cells = [median(times), Math.min(...times), Math.max(...times)].map((ms) => ms.toFixed(0).padStart(8));
    console.log(`${label.padEnd(24)} ${cells.join(' ')}`);
  }
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
  await server.exited;
  await temp.remove();
}
