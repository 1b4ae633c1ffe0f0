/**
 * Two instances on one PostgreSQL database agree on the challenge: a challenge
 * issued by one is good at the other, a solution spent at one is spent at the
 * other, and a key one answered is replayed by the other without a solution.
 */
import { randomUUID } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type Challenge, encodeSolution } from '../../contract/contact-challenge';
import { createApp } from '../app';
import { openPostgresStore, type PostgresStore } from '../db/postgres/postgres-store';
import { silentLog } from '../log';
import { listen, makeSiteFixture, makeTempDir, postJson, readAnswer, validEnquiry, type Running } from '../test-support/fixtures';
import { usePostgresPerFile } from '../test-support/postgres-per-file';

const postgres = usePostgresPerFile();
let temp: Awaited<ReturnType<typeof makeTempDir>>;
let stores: PostgresStore[];
let instances: Running[];

beforeEach(async () => {
  temp = await makeTempDir();
  const distDir = await makeSiteFixture(temp.dir);
  const databaseUrl = await postgres().createDatabase();
  stores = [await openPostgresStore(databaseUrl), await openPostgresStore(databaseUrl)];
  instances = await Promise.all(
    stores.map((store) =>
      listen(
        createApp({
          store,
          distDir,
          rateLimitPerMinute: 0,
          trustProxy: false,
          rateLimitPool: store.pool,
          contactChallenge: true,
          log: silentLog,
        }),
      ),
    ),
  );
});

afterEach(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await Promise.all(stores.map((store) => store.close()));
  await temp.remove();
});

it('a solution works once across instances, and a resend with the first key is replayed by either', async () => {
  const [a, b] = instances as [Running, Running];
  const challenge = (await (await fetch(`${a.url}/api/contact/challenge`)).json()) as Challenge;
  const altcha = encodeSolution({ challenge, solution: (await solveChallenge({ challenge, deriveKey }))! });
  const key = randomUUID();

  const first = await postJson(b.url, validEnquiry(), { 'Idempotency-Key': key, Altcha: altcha });
  expect(first.status).toBe(201);
  const spent = await postJson(a.url, validEnquiry({ message: 'Another.' }), { 'Idempotency-Key': randomUUID(), Altcha: altcha });
  expect(spent.status).toBe(428);
  const resend = await postJson(a.url, validEnquiry(), { 'Idempotency-Key': key });
  expect(resend.status).toBe(201);
  expect(await readAnswer(resend)).toEqual(await readAnswer(first));
  expect((await stores[0]!.records()).enquiries).toHaveLength(1);
});
