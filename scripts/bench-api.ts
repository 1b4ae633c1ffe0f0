/**
 * `npm run bench:api`: POST /api/contact under autocannon on 127.0.0.1, at
 * 1, 10 and 100 concurrent clients, with 0 to 100,000 enquiries already
 * stored, side by side with the same Koa app whose store keeps nothing
 * (validation, logging, headers and all, minus the disk), measured in the
 * same run. Each request carries a fresh Idempotency-Key; the rate limit is
 * off. Prints figures, checks the targets of issue 3, and never fails the
 * build: this is a measurement, not a test.
 *
 * BENCH_SECONDS (default 5) sets the length of each measurement.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createApp } from '../service/app';
import type { Store } from '../service/store';
import { enquiryRecord, journalText, makeSiteFixture, makeTempDir, validEnquiry } from '../service/test-support/fixtures';
import { startServer, type ServerProcess } from '../service/test-support/server-process';

const SIZES = [0, 1_000, 10_000, 100_000];
const CLIENTS = [1, 10, 100];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_UP_SECONDS = 1;
const NO_STORE_FLAG = '--serve-without-store';

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** The comparison: the same app, whose store answers at once and keeps nothing. */
const storeThatKeepsNothing: Store = {
  async submitEnquiry(submission, idempotencyKey) {
    const { website: _website, ...fields } = submission;
    const createdAt = new Date().toISOString();
    const record = { id: randomUUID(), ...fields, createdAt, idempotencyKey: idempotencyKey ?? null, fingerprint: '0'.repeat(64) };
    return { outcome: 'created', record };
  },
  enquiries: () => [],
  spam: () => [],
  deleteByEmail: async () => ({ enquiries: 0, spam: 0 }),
  addUser: async () => {
    throw new Error('not in the benchmark');
  },
  close: async () => {},
};

async function serveWithoutStore() {
  const app = createApp({
    store: storeThatKeepsNothing,
    distDir: process.env.DIST_DIR!,
    rateLimitPerMinute: 0,
    trustProxy: false,
  });
  const server = http.createServer(app.callback());
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`served on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
  });
}

async function measure(url: string, connections: number, seconds = SECONDS): Promise<Figures> {
  const result = await autocannon({
    url: `${url}/api/contact`,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(validEnquiry()),
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': randomUUID() } }) }],
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** Resident memory now and at its peak, in MB, from /proc. */
async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  await server.exited;
}

/** Starts the service and returns it with the time to listening (wall clock) and to open the store (its own log). */
async function timedStart(env: Record<string, string>) {
  const started = performance.now();
  const server = await startServer(env, { outputUntilListening: true });
  const wallMs = Math.round(performance.now() - started);
  const storeOpenMs = Number(/"storeOpenMs":(\d+)/.exec(server.output())?.[1]);
  return { server, wallMs, storeOpenMs };
}

const format = (value: number, digits = 0) => value.toFixed(digits).padStart(7);
const row = (figures: Figures) =>
  `${format(figures.rps)} ${format(figures.p50, 1)} ${format(figures.p99, 1)} ${String(figures.errors).padStart(6)}`;

async function main() {
  const temp = await makeTempDir();
  const distDir = await makeSiteFixture(temp.dir);
  const baseEnv = { DIST_DIR: distDir, RATE_LIMIT_PER_MINUTE: '0', HOST: '127.0.0.1', PORT: '0' };
  const self = fileURLToPath(import.meta.url);
  const noStore = await startServer(baseEnv, { entry: self, args: [NO_STORE_FLAG], outputUntilListening: true });
  await measure(noStore.url, 10, WARM_UP_SECONDS);

  const results: { size: number; clients: number; durable: Figures; none: Figures }[] = [];
  const starts: string[] = [];
  console.log(`POST /api/contact, ${SECONDS} s per figure; req/s, p50 and p99 in ms, errors = failed or non-2xx\n`);
  console.log('   stored clients | durable:  req/s     p50     p99 errors | no store:  req/s     p50     p99 errors | ratio');
  try {
    for (const size of SIZES) {
      const dbFile = path.join(temp.dir, `store-${size}`, 'db.json');
      await mkdir(path.dirname(dbFile), { recursive: true });
      // Seeded as the service writes them: a journal of `size` lines, replayed and compacted at first start.
      await writeFile(dbFile.replace(/\.json$/, '.journal.jsonl'), journalText(0, Array.from({ length: size }, (_, index) => enquiryRecord(index))));
      const env = { ...baseEnv, DB_FILE: dbFile };
      const first = await timedStart(env);
      await stop(first.server);
      const again = await timedStart(env);
      starts.push(
        `${String(size).padStart(7)} stored: first start (replay ${size} journal lines + compact) ${first.wallMs} ms, store ${first.storeOpenMs} ms; ` +
          `restart from the snapshot ${again.wallMs} ms, store ${again.storeOpenMs} ms`,
      );
      const durable = again.server;
      await measure(durable.url, 10, WARM_UP_SECONDS);
      for (const clients of CLIENTS) {
        const none = await measure(noStore.url, clients);
        const stored = await measure(durable.url, clients);
        results.push({ size, clients, durable: stored, none });
        console.log(`${String(size).padStart(9)} ${String(clients).padStart(7)} |         ${row(stored)} |          ${row(none)} | ${(stored.rps / none.rps).toFixed(2)}`);
      }
      const memory = await memoryOf(durable.child.pid!);
      starts.push(`${String(size).padStart(7)} stored: memory after the runs ${memory.rss} MB resident, peak ${memory.peak} MB`);
      await stop(durable);
    }
  } finally {
    await stop(noStore);
    await temp.remove();
  }

  console.log(`\nStart-up and memory (wall time includes starting Node and tsx):\n${starts.join('\n')}`);
  printTargets(results);
}

function printTargets(results: { size: number; clients: number; durable: Figures; none: Figures }[]) {
  const checks: [string, boolean][] = [];
  for (const { size, clients, durable, none } of results) {
    if (clients === 1) continue;
    checks.push([`${size} stored, ${clients} clients: durable >= 0.5 x no store (${(durable.rps / none.rps).toFixed(2)})`, durable.rps >= 0.5 * none.rps]);
    const limit = clients === 10 ? 50 : 300;
    checks.push([`${size} stored, ${clients} clients: p99 ${durable.p99} ms <= ${limit} ms`, durable.p99 <= limit]);
  }
  for (const clients of CLIENTS) {
    const at = (size: number) => results.find((result) => result.size === size && result.clients === clients)!.durable.rps;
    const ratio = at(100_000) / at(1_000);
    checks.push([`${clients} clients: req/s at 100,000 >= 0.8 x at 1,000 (${ratio.toFixed(2)})`, ratio >= 0.8]);
  }
  console.log(`\nTargets (issue 3):\n${checks.map(([name, ok]) => `  ${ok ? 'met    ' : 'MISSED '} ${name}`).join('\n')}`);
}

if (process.argv.includes(NO_STORE_FLAG)) await serveWithoutStore();
else await main();
