/**
 * `npm run bench:api`: POST /api/contact under autocannon on 127.0.0.1, at
 * 1, 10 and 100 concurrent clients, with 0 to 50,000 enquiries already
 * stored (the file store's capacity), side by side with the same Koa app whose store keeps nothing
 * (validation, logging, headers and all, minus the disk), measured in the
 * same run. Each request carries a fresh Idempotency-Key; the rate limit is
 * off, and so are the daily ceiling (ENQUIRIES_PER_DAY=0) and the proof of work (CONTACT_CHALLENGE=off): autocannon sends
 * one body again and again, and what a solution costs is measured apart
 * (`npm run bench:challenge`). With BENCH_CHALLENGE=1, the durable service is
 * then started again on the same store with the challenge on, and clients in
 * this process send as the page does (contract/contact-delivery.ts): each
 * fetches a challenge, solves it with the page's solver
 * (contract/challenge-solver.ts, Web Crypto) and posts; it prints their
 * inserts a second and the median solve beside the figures with it off. Those
 * clients share the machine's cores with the service, as autocannon does,
 * and pay for each solve there. The durable service has e-mail alerts on, to an SMTP server in this
 * process, so the figures include writing each enquiry's alert and sending
 * it; the stored enquiries have theirs, sent. Prints figures, checks the
 * targets written in docs/service.md, and never fails the build: this is a
 * measurement, not a test.
 *
 * Memory is measured where the target puts it, with exactly that many
 * enquiries stored, before any load: right after the restart, and at
 * 50,000 also after SETTLE_SECONDS with nothing to do. After the runs the
 * store has grown by the enquiries posted and holds their alerts still
 * queued; that figure is printed too, for information.
 *
 * Where PostgreSQL is installed, the same posts then go to the service on
 * PostgreSQL (DATABASE_URL, a server started here with its default
 * durability), one instance and then two on one database, beside the lowdb
 * figure of the same run with no enquiry stored before.
 *
 * BENCH_SECONDS (default 5) sets the length of each measurement;
 * BENCH_SIZES (default 0,1000,10000,50000) the numbers stored;
 * BENCH_POSTGRES=0 leaves PostgreSQL out; BENCH_CHALLENGE=1 adds the runs
 * with the challenge on.
 */
import { randomUUID } from 'node:crypto';
import { cp, readFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { solveContactChallenge } from '../contract/challenge-solver';
import type { ChallengeSolver } from '../contract/contact-challenge';
import { deliverContact } from '../contract/contact-delivery';
import { summarizeAlerts } from '../service/alerts/alert-records';
import { createApp } from '../service/app';
import { readFileStore } from '../service/db/file-store';
import type { Store } from '../service/store-interface';
import { startSmtpReceiver } from '../service/test-support/alert-receivers';
import { makeSiteFixture, makeTempDir, validEnquiry, validSubmission } from '../service/test-support/fixtures';
import { findPostgresBin, startPostgres } from '../service/test-support/postgres';
import { seedStoreWithSentAlerts } from '../service/test-support/seeded-store';
import { startServer, type ServerProcess } from '../service/test-support/server-process';
import { buildService, SERVICE_BUNDLE } from './build-service.mjs';
import { median } from './median';
import { measureVisitorUnderAttack, VISITOR_TARGET_MS, type VisitorFigures } from './visitor-under-attack';

const SIZES = (process.env.BENCH_SIZES ?? '0,1000,10000,50000').split(',').map(Number);
/** The size the targets of start-up and memory are set at: the file store's capacity. */
const TARGET_SIZE = 50_000;
const CLIENTS = [1, 10, 100];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_UP_SECONDS = 2; // at 10 and at 100 clients, before the first figure of each server
/**
 * What the start leaves behind (records checked, lines parsed) stays resident
 * until V8 collects it: in an idle service, 25 s to 120 s after the start in
 * the runs here (V8's memory reducer waits for a quiet spell, up to 100 s).
 */
const SETTLE_SECONDS = 120;
const NO_STORE_FLAG = '--serve-without-store';
/** The bare Koa server the durable insert is priced against (validation and nothing else). */
const BARE_KOA_ENTRY = fileURLToPath(new URL('bare-koa-contact.ts', import.meta.url));
/** The size and clients the ratio to bare Koa is taken at (the target in docs/service.md), and how many alternating rounds. */
const RATIO_SIZE = 10_000;
const RATIO_CLIENTS = [10, 100];
const RATIO_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** The least share of bare Koa's req/s the durable insert should reach, by clients (issue #32). */
const RATIO_TARGETS: Record<number, number> = { 10: 0.35, 100: 0.5 };
/** BENCH_RATIO_ONLY=1: the ratio to bare Koa and nothing else. */
const RATIO_ONLY = process.env.BENCH_RATIO_ONLY === '1';
/** Another build of the service (say, an older commit's `build/service/server.mjs`), measured in the same rounds. */
const COMPARED_BUNDLE = process.env.BENCH_COMPARE;
/** A folder for CPU profiles (node --cpu-prof) of each build's service in each round, in a subfolder per build. */
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF;
const WITH_CHALLENGE = process.env.BENCH_CHALLENGE === '1';
/**
 * The solving clients' time limit per send: 100 of them solving at once on
 * this machine's cores take far longer than a phone, which solves its own,
 * and the page's 15 s would count that as the service's error.
 */
const SEND_TIMEOUT_MS = 120_000;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers received in all. */
  total: number;
}

/** The comparison: the same app, whose store answers at once and keeps nothing. */
const storeThatKeepsNothing: Store = {
  async submitEnquiry(submission, idempotencyKey) {
    const { website: _website, ...fields } = submission;
    const record = {
      id: randomUUID(),
      ...fields,
      createdAt: new Date().toISOString(),
      idempotencyKey: idempotencyKey ?? null,
      fingerprint: '0'.repeat(64),
    };
    return { outcome: 'created', record };
  },
  records: async () => ({ enquiries: [], spam: [], alerts: [] }),
  deleteByEmail: async () => ({ enquiries: 0, spam: 0 }),
  deleteOlderThan: async () => ({ enquiries: 0, spam: 0 }),
  listEnquiries: async () => ({ enquiries: [], more: false, total: 0 }),
  countNewBefore: async () => 0,
  recordsByEmail: async () => ({ enquiries: [], spam: [], alerts: [], notes: [], messages: [] }),
  capacity: async () => null,
  deploymentSecret: async () => Buffer.alloc(32),
  writable: async () => true,
  claimDueAlerts: async () => [],
  recordAlert: async () => {},
  heldUsage: async () => ({ records: 0, bytes: 0 }),
  retryFailedAlerts: async () => 0,
  nextAlertDueAt: async () => null,
  onAlertsAdded: () => () => {},
  alertSummary: async () => summarizeAlerts([]),
  close: async () => {},
  deleteHeldBefore: async () => 0,
  tally: async () => {},
  get: async () => null,
  find: async () => [],
  atomically: (work) =>
    work({
      ...storeThatKeepsNothing,
      put: async () => {},
      delete: async () => false,
      auditKey: null,
      lock: async () => {},
      auditChainHead: async () => null,
      addAudit: async () => {},
      cutAudit: async () => ({ count: 0, firstKept: null }),
      acknowledgement: async () => [],
      unremindedNew: async () => [],
      queueAlerts: async () => {},
    }),
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

/** The same load spread over several instances, as a load balancer would: the clients split between them. */
async function measureSpread(urls: readonly string[], connections: number): Promise<Figures> {
  const parts = await Promise.all(urls.map((url) => measure(url, Math.max(1, Math.round(connections / urls.length)))));
  return {
    rps: parts.reduce((sum, part) => sum + part.rps, 0),
    p50: Math.max(...parts.map((part) => part.p50)),
    p99: Math.max(...parts.map((part) => part.p99)),
    errors: parts.reduce((sum, part) => sum + part.errors, 0),
    total: parts.reduce((sum, part) => sum + part.total, 0),
  };
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
  const { requests, latency, errors, non2xx } = result;
  return { rps: requests.average, p50: latency.p50, p99: latency.p99, errors: errors + non2xx, total: requests.total };
}

interface ChallengeFigures extends Figures {
  /** The median time one solve took in the client, ms. */
  solveMs: number;
}

/** The value below which `share` of the sorted values lie. */
const percentile = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? NaN;

/**
 * `connections` clients, each sending one enquiry after another for `seconds`
 * as the page sends one: a challenge fetched and solved, then the post, under
 * a fresh Idempotency-Key. Latency is the whole send, solve included; an
 * error is any send not delivered.
 */
async function measureWithChallenge(url: string, connections: number, seconds = SECONDS): Promise<ChallengeFigures> {
  const sendTo: typeof fetch = (input, init) => fetch(`${url}${String(input)}`, init);
  const solves: number[] = [];
  const sends: number[] = [];
  let errors = 0;
  const solve: ChallengeSolver = async (challenge, signal) => {
    const started = performance.now();
    const solved = await solveContactChallenge(challenge, signal);
    solves.push(performance.now() - started);
    return solved;
  };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const sendStarted = performance.now();
      const outcome = await deliverContact(validSubmission(), randomUUID(), { solve, fetch: sendTo, timeoutMs: SEND_TIMEOUT_MS });
      if (outcome.kind === 'delivered') sends.push(performance.now() - sendStarted);
      else errors += 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const elapsedSeconds = (performance.now() - started) / 1000;
  const sorted = [...sends].sort((a, b) => a - b);
  return {
    rps: sends.length / elapsedSeconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    errors,
    total: sends.length,
    solveMs: solves.length > 0 ? median(solves) : NaN,
  };
}

/** Lets V8 compile the hot paths before anything is measured. */
async function warmUp(url: string) {
  await measure(url, 10, WARM_UP_SECONDS);
  await measure(url, 100, WARM_UP_SECONDS);
}

/** Resident memory now and at its peak, in MB, from /proc. */
async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

interface MemoryBeforeLoad {
  size: number;
  /** Resident MB just after the service said it listens, and the most it was by then (reading the files). */
  listening: number;
  peak: number;
  /** Resident MB after SETTLE_SECONDS with no request; measured at TARGET_SIZE only. */
  settled?: number;
}

/** The service's memory with exactly `size` stored, before any request. */
async function memoryBeforeLoad(pid: number, size: number): Promise<MemoryBeforeLoad> {
  const { rss: listening, peak } = await memoryOf(pid);
  if (size !== TARGET_SIZE) return { size, listening, peak };
  await delay(SETTLE_SECONDS * 1000);
  return { size, listening, peak, settled: (await memoryOf(pid)).rss };
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  await server.exited;
}

interface Row {
  size: number;
  clients: number;
  durable: Figures;
  none: Figures;
}

interface ChallengeRow {
  size: number;
  clients: number;
  on: ChallengeFigures;
}

interface Start {
  size: number;
  /** Spawn to listening, as the operator waits for it (Node and tsx included). */
  wallMs: number;
  /** Process start to listening, from the service's own log line. */
  processMs: number;
  /** Reading, checking (and folding) the files. */
  storeMs: number;
}

/** Starts the service as `npm start` runs it (the compiled bundle, plain Node) and times it. */
async function timedStart(env: Record<string, string>, size: number) {
  const started = performance.now();
  const server = await startServer(env, { entry: SERVICE_BUNDLE, outputUntilListening: true });
  const logged = (field: string) => Number(new RegExp(`"${field}":(\\d+)`).exec(server.output())?.[1]);
  const start: Start = {
    size,
    wallMs: Math.round(performance.now() - started),
    processMs: logged('sinceProcessStartMs'),
    storeMs: logged('storeOpenMs'),
  };
  return { server, start };
}

interface RatioRow {
  clients: number;
  /** Median req/s over the rounds: bare Koa, this build, and the compared build when there is one. */
  bare: number;
  durable: number;
  compared?: number;
  /** Median CPU µs each answer cost the server (all its threads), by server name. */
  cpuUs: Record<string, number>;
}

/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const CLOCK_TICKS_PER_SECOND = 100;

/** The CPU time a process has used so far, user and system, all its threads, in ms (/proc/PID/stat, proc(5)). */
async function cpuMsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // After the command's closing parenthesis, field 3 (state) comes first: utime (14) and stime (15) are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * The durable insert against bare Koa (scripts/bare-koa-contact.ts), at
 * RATIO_SIZE stored and RATIO_CLIENTS, in RATIO_ROUNDS alternating rounds: each
 * round starts the service (and the compared build) on a fresh copy of one
 * seeded store, so that no round inherits the enquiries of the last, warms it
 * up, then measures each server in turn at each number of clients, the
 * order turning from round to round, with the others paused (SIGSTOP). The
 * machine's load moves between rounds; the medians and their ratio are what
 * is printed.
 */
async function ratioToBareKoa(env: Record<string, string>, dir: string): Promise<RatioRow[]> {
  const seeded = await seedStoreWithSentAlerts(path.join(dir, 'ratio', `store-${RATIO_SIZE}`, 'db.json'), RATIO_SIZE);
  await stop(await startServer({ ...env, DB_FILE: seeded }, { entry: SERVICE_BUNDLE, outputUntilListening: true })); // the journal folded once
  const bare = await startServer(env, { entry: BARE_KOA_ENTRY, outputUntilListening: true });
  const builds = [{ name: 'durable', entry: SERVICE_BUNDLE }, ...(COMPARED_BUNDLE ? [{ name: 'compared', entry: COMPARED_BUNDLE }] : [])];
  const figures = new Map<string, number[]>(); // `${name} ${clients}` → req/s of each round
  const record = (name: string, clients: number, rps: number) =>
    figures.set(`${name} ${clients}`, [...(figures.get(`${name} ${clients}`) ?? []), rps]);
  console.log(
    `Against bare Koa: ${RATIO_SIZE.toLocaleString('en')} stored, ${RATIO_ROUNDS} rounds of ${SECONDS} s per figure` +
      `${COMPARED_BUNDLE ? `, compared with ${COMPARED_BUNDLE}` : ''}; load average ${loadAverage()}`,
  );
  try {
    await warmUp(bare.url);
    for (let round = 0; round < RATIO_ROUNDS; round += 1) {
      const running = [];
      for (const { name, entry } of builds) {
        const roundDir = path.join(dir, 'ratio', `${name}-${round}`);
        await cp(path.dirname(seeded), roundDir, { recursive: true });
        const profiled = CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.join(CPU_PROFILE_DIR, name)}`] : [];
        const server = await startServer(
          { ...env, DB_FILE: path.join(roundDir, path.basename(seeded)) },
          { entry, nodeArgs: profiled, outputUntilListening: true },
        );
        running.push({ name, server });
        await warmUp(server.url);
        server.child.kill('SIGSTOP');
      }
      const servers = [{ name: 'bare', server: bare }, ...running];
      // Each is measured alone: the others are paused meanwhile (their alert dispatchers would
      // otherwise send the last turn's backlog on the same cores).
      for (const { server } of servers) server.child.kill('SIGSTOP');
      for (const clients of RATIO_CLIENTS) {
        for (let turn = 0; turn < servers.length; turn += 1) {
          const { name, server } = servers[(round + turn) % servers.length]!;
          server.child.kill('SIGCONT');
          const cpuBefore = await cpuMsOf(server.child.pid!);
          const measured = await measure(server.url, clients);
          const cpuMs = (await cpuMsOf(server.child.pid!)) - cpuBefore;
          server.child.kill('SIGSTOP');
          record(name, clients, measured.rps);
          record(`cpu ${name}`, clients, (cpuMs * 1000) / measured.total);
        }
      }
      for (const { server } of servers) server.child.kill('SIGCONT');
      for (const { server } of running) await stop(server);
      const lastOf = (name: string, clients: number) => figures.get(`${name} ${clients}`)!.at(-1)!.toFixed(0);
      const each = RATIO_CLIENTS.map(
        (clients) =>
          `${clients} clients: ${servers.map(({ name }) => `${name} ${lastOf(name, clients)} (${lastOf(`cpu ${name}`, clients)} µs)`).join(', ')}`,
      );
      console.log(`  round ${round + 1} (req/s, CPU µs per answer) ${each.join('; ')}; load average ${loadAverage()}`);
    }
  } finally {
    bare.child.kill('SIGCONT');
    await stop(bare);
  }
  return RATIO_CLIENTS.map((clients) => {
    const of = (name: string) => median(figures.get(`${name} ${clients}`) ?? [NaN]);
    const names = ['bare', 'durable', ...(COMPARED_BUNDLE ? ['compared'] : [])];
    const cpuUs = Object.fromEntries(names.map((name) => [name, of(`cpu ${name}`)]));
    return { clients, bare: of('bare'), durable: of('durable'), ...(COMPARED_BUNDLE && { compared: of('compared') }), cpuUs };
  });
}

function printRatioRows(rows: readonly RatioRow[]) {
  console.log(' clients | bare Koa req/s | durable req/s  ratio' + (COMPARED_BUNDLE ? ' | compared req/s  ratio' : ''));
  for (const { clients, bare, durable, compared } of rows) {
    const compare = compared === undefined ? '' : ` | ${pad(compared.toFixed(0), 14)} ${pad((compared / bare).toFixed(2), 6)}`;
    console.log(
      `${pad(clients, 8)} | ${pad(bare.toFixed(0), 13)} | ${pad(durable.toFixed(0), 13)} ${pad((durable / bare).toFixed(2), 6)}${compare}`,
    );
  }
  // On a loaded machine req/s moves with the load; the CPU an answer costs moves far less.
  console.log("CPU µs per answer (median of the rounds; ratio: bare Koa's over it, as req/s would be on a free core):");
  for (const { clients, cpuUs } of rows) {
    const each = Object.entries(cpuUs).map(
      ([name, us]) => `${name} ${us.toFixed(0)}${name === 'bare' ? '' : ` (${(cpuUs.bare! / us).toFixed(2)})`}`,
    );
    console.log(`${pad(clients, 8)} | ${each.join(', ')}`);
  }
}

const pad = (value: string | number, width: number) => String(value).padStart(width);
const figures = ({ rps, p50, p99, errors }: Figures) =>
  `${pad(rps.toFixed(0), 7)} ${pad(p50.toFixed(1), 6)} ${pad(p99.toFixed(1), 6)} ${pad(errors, 6)}`;
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

async function main() {
  await buildService();
  const temp = await makeTempDir();
  const smtp = await startSmtpReceiver(0, { parse: false });
  try {
    const baseEnv = {
      DIST_DIR: await makeSiteFixture(temp.dir),
      RATE_LIMIT_PER_MINUTE: '0',
      CONTACT_CHALLENGE: 'off',
      ENQUIRIES_PER_DAY: '0',
      HOST: '127.0.0.1',
      PORT: '0',
    };
    const alertEnv = {
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL_TO: 'advisers@teratai-wealth.example',
      NOTIFY_EMAIL_FROM: 'alerts@teratai-wealth.example',
    };
    const ratioRows = await ratioToBareKoa({ ...baseEnv, ...alertEnv }, temp.dir);
    printRatioRows(ratioRows);
    if (!RATIO_ONLY) await bySize(baseEnv, alertEnv, temp.dir, ratioRows);
  } finally {
    await smtp.stop();
    await temp.remove();
  }
  console.log(`The local SMTP server received ${smtp.count} alert e-mails in all.`);
}

/** Each of SIZES stored: the start, the memory, and the load beside the store that keeps nothing; then the visitor under attack and PostgreSQL. */
async function bySize(baseEnv: Record<string, string>, alertEnv: Record<string, string>, dir: string, ratioRows: readonly RatioRow[]) {
  const noStoreEntry = { entry: fileURLToPath(import.meta.url), args: [NO_STORE_FLAG], outputUntilListening: true };
  const noStore = await startServer(baseEnv, noStoreEntry);
  await warmUp(noStore.url);

  const rows: Row[] = [];
  const challengeRows: ChallengeRow[] = [];
  const firstStarts: Start[] = [];
  const restarts: Start[] = [];
  const beforeLoad: MemoryBeforeLoad[] = [];
  const afterRuns: { size: number; rss: number; peak: number; storedAtEnd: number; alerts: Record<string, number> }[] = [];
  console.log(`\nPOST /api/contact, ${SECONDS} s per figure, ${os.cpus().length} cores, load average ${loadAverage()}`);
  console.log('req/s; p50 and p99 in ms; errors = failed or non-2xx answers\n');
  console.log(' stored clients |  durable:  req/s    p50    p99 errors | no store:  req/s    p50    p99 errors | ratio');
  let visitor: VisitorFigures;
  try {
    for (const size of SIZES) {
      const env = { ...baseEnv, ...alertEnv, DB_FILE: await seedStoreWithSentAlerts(path.join(dir, `store-${size}`, 'db.json'), size) };
      const first = await timedStart(env, size);
      firstStarts.push(first.start);
      await stop(first.server);
      const { server: durable, start } = await timedStart(env, size);
      restarts.push(start);
      beforeLoad.push(await memoryBeforeLoad(durable.child.pid!, size));
      await warmUp(durable.url);
      for (const clients of CLIENTS) {
        // Back to back, so that both see the same machine.
        const none = await measure(noStore.url, clients);
        const stored = await measure(durable.url, clients);
        rows.push({ size, clients, durable: stored, none });
        const ratio = (stored.rps / none.rps).toFixed(2);
        console.log(`${pad(size, 7)} ${pad(clients, 7)} |          ${figures(stored)} |          ${figures(none)} | ${ratio}`);
      }
      const resident = await memoryOf(durable.child.pid!);
      await stop(durable);
      const { data } = await readFileStore(env.DB_FILE);
      const counts: Record<string, number> = {};
      for (const alert of data.alerts) counts[alert.status] = (counts[alert.status] ?? 0) + 1;
      afterRuns.push({ size, ...resident, storedAtEnd: data.enquiries.length, alerts: counts });
      if (WITH_CHALLENGE) challengeRows.push(...(await runsWithChallenge({ ...env, CONTACT_CHALLENGE: 'on' }, size)));
    }
    visitor = await measureVisitorUnderAttack({ ...baseEnv, DB_FILE: path.join(dir, 'under-attack', 'db.json') });
  } finally {
    await stop(noStore);
  }

  console.log(`\nLoad average at the end: ${loadAverage()}`);
  console.log('\nStart-up in ms (wall = spawn to listening; process = Node start to listening; store = read, check, fold):');
  console.log(' stored | first start, replaying the journal: wall process store | restart from the document: wall process store');
  SIZES.forEach((size, index) => {
    const [a, b] = [firstStarts[index]!, restarts[index]!];
    console.log(
      `${pad(size, 7)} | ${pad(a.wallMs, 40)} ${pad(a.processMs, 7)} ${pad(a.storeMs, 5)} | ` +
        `${pad(b.wallMs, 30)} ${pad(b.processMs, 7)} ${pad(b.storeMs, 5)}`,
    );
  });
  console.log('\nMemory in MB before the load, each stored enquiry with its e-mail alert, sent (resident at listening, peak by then):');
  for (const { size, listening, peak } of beforeLoad) console.log(`${pad(size, 7)} | ${pad(listening, 5)} ${pad(peak, 5)}`);
  const target = beforeLoad.find((memory) => memory.size === TARGET_SIZE);
  if (target) console.log(`${pad(TARGET_SIZE, 7)} | ${pad(target.settled!, 5)} resident after ${SETTLE_SECONDS} s with no request`);
  console.log(
    '\nFor information, memory in MB after the runs (resident, peak), the enquiries stored by then, and their alerts at the stop:',
  );
  for (const { size, rss, peak, storedAtEnd, alerts } of afterRuns) {
    const states = Object.entries(alerts)
      .map(([status, count]) => `${count} ${status}`)
      .join(', ');
    console.log(`${pad(size, 7)} | ${pad(rss, 5)} ${pad(peak, 5)} | ${pad(storedAtEnd, 7)} | ${states}`);
  }
  if (WITH_CHALLENGE) printChallengeRows(challengeRows, rows);
  printVisitorUnderAttack(visitor);
  printTargets(
    rows,
    ratioRows,
    restarts.find((start) => start.size === TARGET_SIZE),
    target,
    visitor,
  );
  if (process.env.BENCH_POSTGRES !== '0' && (await findPostgresBin()) !== null) await benchPostgres(rows);
  else console.log('\nPostgreSQL: left out (BENCH_POSTGRES=0, or initdb is not installed).');
}

/** The durable service again, on the store the runs above left, with the challenge on; clients that solve as the page does. */
async function runsWithChallenge(env: Record<string, string>, size: number): Promise<ChallengeRow[]> {
  const { server } = await timedStart(env, size);
  const runs: ChallengeRow[] = [];
  try {
    await measureWithChallenge(server.url, 10, WARM_UP_SECONDS);
    for (const clients of CLIENTS) runs.push({ size, clients, on: await measureWithChallenge(server.url, clients) });
  } finally {
    await stop(server);
  }
  return runs;
}

function printChallengeRows(challengeRows: readonly ChallengeRow[], rows: readonly Row[]) {
  console.log(
    '\nWith the challenge on (CONTACT_CHALLENGE=on, the same store after the runs above): each client fetches a challenge, ' +
      "solves it with the page's solver and posts; latency is the whole send, solve included; solve = median ms a solve took in the client:",
  );
  console.log(' stored clients | challenge on: inserts/s    p50    p99 errors  solve | challenge off: req/s');
  for (const { size, clients, on } of challengeRows) {
    const off = rows.find((row) => row.size === size && row.clients === clients)!.durable;
    console.log(
      `${pad(size, 7)} ${pad(clients, 7)} |              ${figures(on)} ${pad(on.solveMs.toFixed(0), 6)} | ` +
        `${pad(off.rps.toFixed(0), 20)}`,
    );
  }
}

/** One and two instances on one PostgreSQL database, beside the lowdb figures (0 stored) of this run. */
async function benchPostgres(lowdbRows: readonly Row[]) {
  const temp = await makeTempDir();
  const postgres = await startPostgres({ durable: true });
  const smtp = await startSmtpReceiver(0, { parse: false });
  const env = {
    DIST_DIR: await makeSiteFixture(temp.dir),
    RATE_LIMIT_PER_MINUTE: '0',
    CONTACT_CHALLENGE: 'off',
    ENQUIRIES_PER_DAY: '0',
    DATABASE_URL: await postgres.createDatabase(),
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL_TO: 'advisers@teratai-wealth.example',
    NOTIFY_EMAIL_FROM: 'alerts@teratai-wealth.example',
  };
  const instances: ServerProcess[] = [];
  try {
    console.log('\nPostgreSQL (a local server, fsync on), e-mail alerts on; two instances share the clients:');
    console.log(
      ' clients | lowdb:  req/s    p50    p99 errors | 1 instance: req/s    p50    p99 errors | 2 instances: req/s    p50    p99 errors',
    );
    const first = await startServer(env, { entry: SERVICE_BUNDLE, outputUntilListening: true });
    instances.push(first);
    await warmUp(first.url);
    const one = [];
    for (const clients of CLIENTS) one.push(await measure(first.url, clients));
    const second = await startServer(env, { entry: SERVICE_BUNDLE, outputUntilListening: true });
    instances.push(second);
    await warmUp(second.url);
    for (const [index, clients] of CLIENTS.entries()) {
      const two = await measureSpread([first.url, second.url], clients);
      const lowdb = lowdbRows.find((row) => row.size === 0 && row.clients === clients)!.durable;
      console.log(`${pad(clients, 8)} |        ${figures(lowdb)} |             ${figures(one[index]!)} |              ${figures(two)}`);
    }
  } finally {
    for (const instance of instances) await stop(instance);
    await smtp.stop();
    await postgres.stop();
    await temp.remove();
  }
  console.log(`The local SMTP server received ${smtp.count} alert e-mails from the PostgreSQL instances.`);
}

function printVisitorUnderAttack({ pageMs, postMs }: VisitorFigures) {
  console.log(
    '\nA visitor at 127.0.0.1 while an attacker at 127.0.0.2 holds 1,000 half-open connections and sends 15,000 slashes ahead of each request (ms):',
  );
  console.log(`  home page: median ${pageMs.median.toFixed(1)}, max ${pageMs.max.toFixed(1)}`);
  console.log(`  enquiry:   median ${postMs.median.toFixed(1)}, max ${postMs.max.toFixed(1)}`);
}

function printTargets(
  rows: Row[],
  ratioRows: readonly RatioRow[],
  restart: Start | undefined,
  memory: MemoryBeforeLoad | undefined,
  visitor: VisitorFigures,
) {
  const checks: [string, boolean][] = [];
  for (const [what, { median: ms }] of [
    ['home page', visitor.pageMs],
    ['enquiry', visitor.postMs],
  ] as const) {
    checks.push([`under attack, the visitor's ${what}: median ${ms.toFixed(1)} ms < ${VISITOR_TARGET_MS} ms`, ms < VISITOR_TARGET_MS]);
  }
  for (const { clients, bare, durable } of ratioRows) {
    const target = RATIO_TARGETS[clients];
    if (target === undefined) continue;
    const ratio = durable / bare;
    checks.push([`${RATIO_SIZE} stored, ${clients} clients: durable >= ${target} x bare Koa (${ratio.toFixed(2)})`, ratio >= target]);
  }
  for (const { size, clients, durable, none } of rows) {
    if (clients !== 100) continue;
    const ratio = durable.rps / none.rps;
    checks.push([`${size} stored, 100 clients: durable >= 0.5 x no store (${ratio.toFixed(2)})`, ratio >= 0.5]);
  }
  if (restart) checks.push([`${TARGET_SIZE} stored: restart ${restart.wallMs} ms <= 1000 ms`, restart.wallMs <= 1000]);
  if (memory) {
    for (const [when, rss] of [
      ['at listening', memory.listening],
      [`after ${SETTLE_SECONDS} s idle`, memory.settled!],
    ] as const) {
      checks.push([`${TARGET_SIZE} stored, before the load: resident memory ${when} ${rss} MB <= 200 MB`, rss <= 200]);
    }
  }
  const lines = checks.map(([name, met]) => `  ${met ? 'met   ' : 'MISSED'} ${name}`);
  console.log(`\nTargets (docs/service.md, with e-mail alerts on):\n${lines.join('\n')}`);
}

if (process.argv.includes(NO_STORE_FLAG)) await serveWithoutStore();
else await main();
