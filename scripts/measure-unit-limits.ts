/**
 * `node --import tsx scripts/measure-unit-limits.ts`: what the systemd unit's
 * MemoryMax= and TasksMax= are chosen from (deploy/README.md). The compiled
 * service, as the unit starts it, on a file store of 50,000 enquiries with
 * their sent alerts (the file store's capacity), under load: 100 clients
 * posting enquiries, then asking for challenges, then signing in with wrong
 * passwords (argon2), each for LOAD_SECONDS; with CONTACT_CHALLENGE=off the
 * enquiries are stored, growing the store by some thousands a second. Prints the most resident memory
 * (VmHWM) and the most threads (the tasks systemd counts) it reached. A
 * measurement, not a test.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { makeSiteFixture, makeTempDir, validEnquiry } from '../service/test-support/fixtures';
import { seedStoreWithSentAlerts } from '../service/test-support/seeded-store';
import { startServer } from '../service/test-support/server-process';
import { buildService, SERVICE_BUNDLE } from './build-service.mjs';

const SIZE = 50_000;
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 15);
const CLIENTS = 100;
const SAMPLE_MS = 100;

/** Resident MB at its peak, and threads now, from /proc. */
async function sample(pid: number): Promise<{ peakMb: number; threads: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { peakMb: Math.round(field('VmHWM') / 1024), threads: field('Threads') };
}

async function main() {
  await buildService();
  const temp = await makeTempDir();
  const server = await startServer(
    {
      DIST_DIR: await makeSiteFixture(temp.dir),
      DB_FILE: await seedStoreWithSentAlerts(path.join(temp.dir, 'data', 'db.json'), SIZE),
      RATE_LIMIT_PER_MINUTE: '0',
      // Off: the enquiries are stored (the store grows and folds); on: they are refused, and challenges cost a key derivation each.
      CONTACT_CHALLENGE: process.env.CONTACT_CHALLENGE ?? 'on',
      ENQUIRIES_PER_DAY: '0',
      HOST: '127.0.0.1',
    },
    { entry: SERVICE_BUNDLE, outputUntilListening: true },
  );
  const pid = server.child.pid!;
  let most = await sample(pid);
  console.log(`listening: ${most.peakMb} MB at most, ${most.threads} threads`);
  const sampler = setInterval(() => {
    void sample(pid).then((now) => (most = { peakMb: Math.max(most.peakMb, now.peakMb), threads: Math.max(most.threads, now.threads) }));
  }, SAMPLE_MS);
  const loads = [
    { name: 'enquiries', method: 'POST', path: '/api/contact', body: JSON.stringify(validEnquiry()) },
    { name: 'challenges', method: 'GET', path: '/api/contact/challenge' },
    {
      name: 'sign-ins with a wrong password',
      method: 'POST',
      path: '/api/inbox/sign-in',
      body: JSON.stringify({ username: 'nobody', password: 'not the password', code: '000000' }),
    },
  ];
  for (const load of loads) {
    await autocannon({
      url: `${server.url}${load.path}`,
      method: load.method as 'GET' | 'POST',
      connections: CLIENTS,
      duration: LOAD_SECONDS,
      headers: { 'content-type': 'application/json', origin: server.url },
      body: load.body,
    });
    console.log(`after ${load.name}: ${most.peakMb} MB at most, ${most.threads} threads at most`);
  }
  clearInterval(sampler);
  server.child.kill('SIGTERM');
  await server.exited;
  await temp.remove();
}

await main();
