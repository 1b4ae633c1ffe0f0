/**
 * `npm run bench:offline`: for a repeat visit, the time from navigation start
 * to first contentful paint online (from the service on 127.0.0.1) versus
 * offline (from the service worker's precache), measured in the same run,
 * alternating, BENCH_RUNS times per route (default 7). Prints medians and the
 * offline/online ratio. A measurement, not a test. Run `npm run build` first.
 */
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../config/chromium';
import { APP_ROUTE_PATHS } from '../contract/routes';
import { makeTempDir } from '../service/test-support/fixtures';
import { startServer } from '../service/test-support/server-process';
import { median } from './median';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);

async function firstContentfulPaint(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const fcp = list.getEntriesByName('first-contentful-paint')[0];
            if (fcp) resolve(fcp.startTime);
          }).observe({ type: 'paint', buffered: true });
        }),
    );
  } finally {
    await page.close();
  }
}

const temp = await makeTempDir();
const server = await startServer({ DB_FILE: path.join(temp.dir, 'db.json'), RATE_LIMIT_PER_MINUTE: '0' }, { outputUntilListening: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
try {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const first = await context.newPage();
  await first.goto(server.url);
  await first.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await first.close();

  console.log(`First contentful paint of a repeat visit, median of ${RUNS} runs (ms)\n`);
  console.log('route        online   offline   offline/online');
  for (const route of APP_ROUTE_PATHS) {
    const online: number[] = [];
    const offline: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await context.setOffline(false);
      online.push(await firstContentfulPaint(context, `${server.url}${route}`));
      await context.setOffline(true);
      offline.push(await firstContentfulPaint(context, `${server.url}${route}`));
    }
    const [on, off] = [median(online), median(offline)];
    console.log(`${route.padEnd(12)} ${on.toFixed(0).padStart(6)}   ${off.toFixed(0).padStart(7)}   ${(off / on).toFixed(2).padStart(14)}`);
  }
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
  await server.exited;
  await temp.remove();
}
