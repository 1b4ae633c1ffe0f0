/**
 * `npm run bench:challenge`: what the contact form's proof of work costs.
 *
 * - A visitor: the built site's own solver (the chunk the page loads when
 *   the visitor sends) solving the service's challenges in headless
 *   Chromium, without throttling and with the CPU slowed 4x over CDP
 *   (Emulation.setCPUThrottlingRate), Lighthouse's stand-in for a mid-range
 *   phone. Run `npm run build` first.
 * - A bot: the same challenges solved in Node with native PBKDF2, one after
 *   another on one core: how many posts a second one core can pay for.
 * - The service: issuing a challenge and checking a solution, one after
 *   another on one core.
 *
 * Prints medians (and the slowest solve) of BENCH_RUNS challenges each
 * (default 30). A measurement, not a test.
 */
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../config/chromium';
import { type Challenge, encodeSolution } from '../contract/contact-challenge';
import { createChallengeLedger } from '../service/middleware/challenge-ledger';
import { CHALLENGE_COST, CHALLENGE_COUNTER, createContactChallenge } from '../service/routes/contact-challenge';
import { makeTempDir } from '../service/test-support/fixtures';
import { startServer } from '../service/test-support/server-process';
import { median } from './median';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const DIST_DIR = path.resolve('dist');

async function solverChunk(): Promise<string> {
  const chunk = (await readdir(path.join(DIST_DIR, 'assets'))).find((file) => /^challenge-solver-.*\.js$/.test(file));
  if (!chunk) throw new Error('No challenge-solver chunk in dist/assets: run `npm run build` first.');
  return `/assets/${chunk}`;
}

/** One solve in the page, with the chunk the page itself loads; ms. */
function solveInPage(page: Page, chunk: string): Promise<number> {
  return page.evaluate(async (url) => {
    const challenge = await (await fetch('/api/contact/challenge')).json();
    const { solveContactChallenge } = (await import(url)) as {
      solveContactChallenge: (challenge: unknown, signal: AbortSignal) => Promise<unknown>;
    };
    const started = performance.now();
    if (!(await solveContactChallenge(challenge, new AbortController().signal))) throw new Error('not solved');
    return performance.now() - started;
  }, chunk);
}

async function measureBrowser(): Promise<Map<number, number[]>> {
  const chunk = await solverChunk();
  const temp = await makeTempDir();
  const server = await startServer({ DB_FILE: path.join(temp.dir, 'db.json'), DIST_DIR }, { outputUntilListening: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const times = new Map<number, number[]>();
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}/contact`);
    const cdp = await page.context().newCDPSession(page);
    await solveInPage(page, chunk); // loads the chunk and warms Web Crypto up
    for (const rate of [1, 4]) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const solves: number[] = [];
      for (let run = 0; run < RUNS; run += 1) solves.push(await solveInPage(page, chunk));
      times.set(rate, solves);
    }
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    await server.exited;
    await temp.remove();
  }
  return times;
}

/** The bot's side and the service's, in this process: one core, one thing at a time. */
async function measureNode() {
  const challenges = createContactChallenge({
    store: { deploymentSecret: async () => Buffer.alloc(32, 7), get: async () => null, find: async () => [] },
    ledger: createChallengeLedger(),
  });
  const issued: Challenge[] = [];
  let started = performance.now();
  for (let run = 0; run < RUNS; run += 1) issued.push(await challenges.issue());
  const issueMs = (performance.now() - started) / RUNS;

  const solves: number[] = [];
  const headers: string[] = [];
  for (const challenge of issued) {
    const solveStarted = performance.now();
    const solution = await solveChallenge({ challenge, deriveKey });
    solves.push(performance.now() - solveStarted);
    headers.push(encodeSolution({ challenge, solution: solution! }));
  }

  started = performance.now();
  for (const header of headers) if (!(await challenges.verify(header))) throw new Error('a solution did not verify');
  const verifyMs = (performance.now() - started) / RUNS;
  return { issueMs, verifyMs, solves };
}

const round = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(0));
const summary = (solves: number[]) => `median ${round(median(solves))} ms, slowest ${round(Math.max(...solves))} ms`;

console.log(
  `Contact challenge: PBKDF2/SHA-256, ${CHALLENGE_COST} rounds a try, counter drawn from ${CHALLENGE_COUNTER.min} to ${CHALLENGE_COUNTER.max}; ` +
    `${RUNS} challenges each; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}\n`,
);
const node = await measureNode();
console.log(`Bot, Node native PBKDF2, one core: ${summary(node.solves)}: ${(1000 / median(node.solves)).toFixed(1)} posts/s`);
console.log(
  `Service, one core: issue ${round(node.issueMs)} ms, check ${round(node.verifyMs)} ms a post: ` +
    `${Math.round(1000 / (node.issueMs + node.verifyMs))} challenges issued and checked per second`,
);
const browser = await measureBrowser();
for (const [rate, solves] of browser) {
  console.log(`Chromium, built site's solver, CPU ${rate === 1 ? 'unthrottled' : `throttled ${rate}x`}: ${summary(solves)}`);
}
