/**
 * `npm run bench:held-flood`: what a flood of posts that are held for review
 * costs, and where the held queue's limits stop it, against the real app on a
 * real file store in a temp folder (and PostgreSQL where it is installed).
 * JSON posts from a disposable address (held for review; the challenge off,
 * so no proof of work) come from many loopback addresses, HELD_PER_CLIENT
 * each, so that only the queue's own limits refuse them. Two shapes:
 * ordinary enquiries, and the longest the service takes (names and message at
 * their limits in three-byte characters: about 16 KB). Prints, per shape and store: the
 * posts held until the first refusal, the held records and their bytes, the
 * time per post (median and 99th percentile), and for the file store the
 * growth of its files and of the process's heap. A measurement, not a test:
 * docs/service.md, "Held for review", has its figures and the limits chosen.
 *
 * BENCH_POSTGRES=0 leaves PostgreSQL out.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CONTACT_LIMITS } from '../contract/contact';
import { NO_ROOM_STATUS } from '../contract/contact-delivery';
import { createApp } from '../service/app';
import { openFileStore } from '../service/db/file-store';
import { openPostgresStore, type PostgresStore } from '../service/db/postgres/postgres-store';
import { silentLog } from '../service/log';
import { HELD_BYTES_LIMIT, HELD_PER_CLIENT } from '../service/review/held-admission';
import type { Store } from '../service/store-interface';
import { HELD_LIMIT } from '../service/store-rules';
import { listen, makeSiteFixture, makeTempDir, storeFilesSize, validEnquiry } from '../service/test-support/fixtures';
import { requestFrom } from '../service/test-support/loopback-clients';
import { findPostgresBin, startPostgres } from '../service/test-support/postgres';
import { median } from './median';

/** A disposable address: held for review without a challenge to solve, as a flood with the challenge off would be. */
const HELD_EMAIL = 'someone@mailinator.com';
const SHAPES = {
  ordinary: validEnquiry({
    email: HELD_EMAIL,
    message: 'Saya ingin berbincang tentang pelan persaraan dan pelaburan untuk keluarga saya. '.repeat(4),
  }),
  longest: validEnquiry({
    email: HELD_EMAIL,
    firstName: '钱'.repeat(CONTACT_LIMITS.name),
    lastName: '钱'.repeat(CONTACT_LIMITS.name),
    message: '钱'.repeat(CONTACT_LIMITS.message),
  }),
};

const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.floor(values.length * share)]!;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

async function flood(store: Store, distDir: string, shape: keyof typeof SHAPES, dbFile?: string) {
  const server = await listen(
    createApp({
      store,
      distDir,
      rateLimitPerMinute: 0,
      trustProxy: false,
      rateLimitPool: (store as Partial<PostgresStore>).pool,
      contactChallenge: false,
      log: silentLog,
    }),
  );
  const body = JSON.stringify(SHAPES[shape]);
  const sizeBefore = dbFile ? await storeFilesSize(dbFile) : 0;
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const times: number[] = [];
  let posts = 0;
  try {
    for (let address = 0; ; address += 1) {
      const from = `127.${7 + Math.floor(address / 250)}.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`;
      let refused = false;
      for (let post = 0; post < HELD_PER_CLIENT && !refused; post += 1) {
        const started = performance.now();
        const answer = await requestFrom(server.url, {
          from,
          method: 'POST',
          path: '/api/contact',
          headers: { 'content-type': 'application/json' },
          body,
        });
        times.push(performance.now() - started);
        posts += 1;
        refused = answer.status === NO_ROOM_STATUS;
        if (!refused && answer.status !== 201) throw new Error(`HTTP ${answer.status}: ${answer.body}`);
      }
      if (refused) break;
    }
  } finally {
    await server.close();
  }
  globalThis.gc?.();
  const usage = await store.heldUsage();
  return {
    shape,
    posts,
    held: usage.records,
    heldBytes: kib(usage.bytes),
    perRecord: `${(usage.bytes / usage.records).toFixed(0)} B`,
    medianMs: median(times).toFixed(1),
    p99Ms: percentile(times, 0.99).toFixed(1),
    ...(dbFile && {
      filesGrowth: kib((await storeFilesSize(dbFile)) - sizeBefore),
      heapGrowth: kib(process.memoryUsage().heapUsed - heapBefore),
    }),
  };
}

async function main() {
  console.log(`Limits: ${HELD_LIMIT} records, ${kib(HELD_BYTES_LIMIT)}; ${HELD_PER_CLIENT} held per client a day.`);
  const temp = await makeTempDir();
  const distDir = await makeSiteFixture(temp.dir);
  const rows = [];
  try {
    for (const shape of Object.keys(SHAPES) as (keyof typeof SHAPES)[]) {
      const dbFile = path.join(temp.dir, shape, 'db.json');
      const store = await openFileStore(dbFile);
      try {
        rows.push({ store: 'file', ...(await flood(store, distDir, shape, dbFile)) });
      } finally {
        await store.close();
      }
    }
    if (process.env.BENCH_POSTGRES !== '0' && (await findPostgresBin()) !== null) {
      const postgres = await startPostgres();
      try {
        for (const shape of Object.keys(SHAPES) as (keyof typeof SHAPES)[]) {
          const store = await openPostgresStore(await postgres.createDatabase());
          try {
            rows.push({ store: 'PostgreSQL', ...(await flood(store, distDir, shape)) });
          } finally {
            await store.close();
          }
        }
      } finally {
        await postgres.stop();
      }
    }
  } finally {
    await temp.remove();
  }
  console.table(rows);
}

await main();
