/**
 * `npm run bench:inbox`: the staff inbox's list at 50,000 stored enquiries,
 * on the file store and on PostgreSQL (where it is installed), against the
 * real service (the compiled bundle, as `npm start` runs it) serving the
 * built site (`npm run build` first). For the first page of the list and for
 * two searches (a full name found once, and a word every enquiry holds):
 * - server time: the median of BENCH_REQUESTS calls of GET /api/inbox/enquiries
 *   from this process over loopback, one at a time, after a few to warm up;
 * - in the browser: headless Chromium signed in as staff, the median of
 *   BENCH_RUNS navigations to /inbox (or /inbox?q=...), each timed by the page
 *   itself from the start of the navigation to the first frame with the list's
 *   rows on screen (its HTTP cache warm, as a colleague's tab would be).
 * Each call is a real one: it reads the session, writes the audit entry and
 * counts what is overdue. The PostgreSQL store is the file store's data
 * copied with `enquiries migrate`. Prints the figures and the load average;
 * a measurement, not a test.
 *
 * BENCH_SIZE (default 50000), BENCH_REQUESTS (default 30), BENCH_RUNS
 * (default 10), BENCH_POSTGRES=0 leaves PostgreSQL out, CHROMIUM_PATH.
 */
import { randomUUID } from 'node:crypto';
import { access, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../config/chromium';
import { INBOX_API } from '../contract/inbox';
import { hashPassword } from '../service/auth/passwords';
import { SESSION_COOKIE } from '../service/auth/sessions';
import { copyToPostgres } from '../service/cli/migrate-command';
import { journalHeader, journalLine, storeFilesFor } from '../service/db/store-files';
import type { UserRecord } from '../service/records';
import { enquiryRecord, makeTempDir } from '../service/test-support/fixtures';
import { codeAt, InboxClient, PASSWORD } from '../service/test-support/inbox';
import { findPostgresBin, startPostgres } from '../service/test-support/postgres';
import { startServer, type ServerProcess } from '../service/test-support/server-process';
import { buildService, SERVICE_BUNDLE } from './build-service.mjs';
import { median } from './median';

const SIZE = Number(process.env.BENCH_SIZE ?? 50_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const WARM_UP = 5;
const DIST_DIR = path.resolve('dist');
const USERNAME = 'bench.staff';

/** What is measured: the first page, and a search that finds one enquiry and one that finds them all. */
const MIDDLE = Math.floor(SIZE / 2);
const CASES = [
  { name: 'first page', q: '' },
  { name: `search "First${MIDDLE} Last${MIDDLE}" (1 found)`, q: `First${MIDDLE} Last${MIDDLE}` },
  { name: `search "retirement" (all ${SIZE.toLocaleString('en')} found)`, q: 'retirement' },
] as const;

interface Figures {
  store: string;
  name: string;
  serverMs: number;
  browserMs: number;
}

/** A member of staff who has enrolled: their key is known here, so the bench signs in with a code of its own. */
async function benchUser(): Promise<{ user: UserRecord; secret: string }> {
  const secret = new Secret({ size: 20 }).base32;
  const user: UserRecord = {
    id: randomUUID(),
    username: USERNAME,
    passwordHash: await hashPassword(PASSWORD),
    createdAt: new Date().toISOString(),
    totpSecret: secret,
    totpLastStep: null,
    recoveryCodeHashes: [],
  };
  return { user, secret };
}

/** A file store of SIZE enquiries and the user, as a journal the first start folds in. */
async function seedFileStore(dir: string, user: UserRecord): Promise<string> {
  const dbFile = path.join(dir, 'file-store', 'db.json');
  await mkdir(path.dirname(dbFile), { recursive: true });
  const lines = [journalHeader(0), journalLine([{ op: 'add', collection: 'users', record: user }])];
  for (let index = 0; index < SIZE; index += 1)
    lines.push(journalLine([{ op: 'add', collection: 'enquiries', record: enquiryRecord(index) }]));
  await writeFile(storeFilesFor(dbFile).journal, lines.join(''));
  return dbFile;
}

/** The TOTP step of the last sign-in: a code is taken once, so the next one signs in with a later step's. */
let lastStep = -1;

/** Signs in with the password and a code not used yet; the client keeps the session cookie. */
async function signIn(url: string, secret: string): Promise<InboxClient> {
  const client = new InboxClient(url);
  lastStep = Math.max(TOTP.counter({ period: 30 }), lastStep + 1);
  const answer = await client.signIn(USERNAME, codeAt(secret, lastStep));
  if (answer.status !== 200) throw new Error(`sign-in: ${answer.status} ${answer.text}`);
  return client;
}

async function serverTime(client: InboxClient, q: string): Promise<number> {
  const call = q ? `/enquiries?q=${encodeURIComponent(q)}` : '/enquiries';
  const times: number[] = [];
  for (let index = 0; index < WARM_UP + REQUESTS; index += 1) {
    const started = performance.now();
    const answer = await client.get(call);
    const ms = performance.now() - started;
    if (answer.status !== 200) throw new Error(`GET ${call}: ${answer.status} ${answer.text}`);
    if (index >= WARM_UP) times.push(ms);
  }
  return median(times);
}

/** From the start of the navigation to the first frame with the list's rows, as the page's own clock tells. */
async function browserTime(browser: Browser, url: string, token: string, q: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const { hostname } = new URL(url);
    await context.addCookies([
      { name: SESSION_COOKIE, value: token, domain: hostname, path: INBOX_API, httpOnly: true, sameSite: 'Strict' },
    ]);
    const page = await context.newPage();
    const target = q ? `${url}/inbox?q=${encodeURIComponent(q)}` : `${url}/inbox`;
    const times: number[] = [];
    for (let index = 0; index < 1 + RUNS; index += 1) {
      await page.goto(target);
      const rendered = await page.waitForFunction(() => document.querySelector('table tbody tr') !== null && performance.now(), null, {
        polling: 'raf',
        timeout: 30_000,
      });
      const ms = (await rendered.jsonValue()) as number;
      if (index > 0) times.push(ms); // the first fills the HTTP cache
    }
    return median(times);
  } finally {
    await context.close();
  }
}

async function measure(store: string, url: string, secret: string, browser: Browser): Promise<Figures[]> {
  const client = await signIn(url, secret);
  const figures: Figures[] = [];
  for (const { name, q } of CASES) {
    const serverMs = await serverTime(client, q);
    const browserMs = await browserTime(browser, url, client.cookie!, q);
    figures.push({ store, name, serverMs, browserMs });
    console.log(`${store.padEnd(10)} ${name.padEnd(44)} ${serverMs.toFixed(1).padStart(8)} ${browserMs.toFixed(0).padStart(8)}`);
  }
  return figures;
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  await server.exited;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

async function main() {
  await access(path.join(DIST_DIR, 'inbox.html')).catch(() => {
    throw new Error('No built site in dist/: run npm run build first.');
  });
  await buildService();
  const temp = await makeTempDir();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const { user, secret } = await benchUser();
  const baseEnv = { DIST_DIR, RATE_LIMIT_PER_MINUTE: '0', HOST: '127.0.0.1', PORT: '0', TZ_DISPLAY: 'Asia/Kuala_Lumpur' };
  const all: Figures[] = [];
  try {
    const dbFile = await seedFileStore(temp.dir, user);
    console.log(`The inbox's list at ${SIZE.toLocaleString('en')} enquiries, ${os.cpus().length} cores, load average ${loadAverage()}`);
    console.log(`server: median of ${REQUESTS} calls, ms; browser: median of ${RUNS} navigations to the rows on screen, ms\n`);
    console.log(`${'store'.padEnd(10)} ${'what'.padEnd(44)} ${'server'.padStart(8)} ${'browser'.padStart(8)}`);
    const fileService = await startServer({ ...baseEnv, DB_FILE: dbFile }, { entry: SERVICE_BUNDLE });
    try {
      all.push(...(await measure('file', fileService.url, secret, browser)));
    } finally {
      await stop(fileService);
    }

    if (process.env.BENCH_POSTGRES !== '0' && (await findPostgresBin()) !== null) {
      const postgres = await startPostgres({ durable: true });
      try {
        const databaseUrl = await postgres.createDatabase();
        const quiet = { out: () => {}, err: (text: string) => process.stderr.write(text), env: {} };
        if ((await copyToPostgres(dbFile, quiet, databaseUrl)) !== 0) throw new Error('copying the store into PostgreSQL failed');
        const pgService = await startServer({ ...baseEnv, DATABASE_URL: databaseUrl }, { entry: SERVICE_BUNDLE });
        try {
          all.push(...(await measure('PostgreSQL', pgService.url, secret, browser)));
        } finally {
          await stop(pgService);
        }
      } finally {
        await postgres.stop();
      }
    } else {
      console.log('PostgreSQL: left out (BENCH_POSTGRES=0, or initdb is not installed).');
    }
  } finally {
    await browser.close();
    await temp.remove();
  }
  console.log(`\nLoad average at the end: ${loadAverage()}`);
}

await main();
