/**
 * Two instances on one PostgreSQL database agree on the challenge: a challenge
 * issued by one is good at the other, a solution spent at one is spent at the
 * other, and a key one answered is replayed by the other without a solution,
 * however long after and across a restart.
 */
import { randomUUID } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { type Challenge, encodeSolution } from '../../contract/contact-challenge';
import { createApp } from '../app';
import { openPostgresStore, type PostgresStore } from '../db/postgres/postgres-store';
import { silentLog } from '../log';
import { listen, makeSiteFixture, makeTempDir, postJson, readAnswer, validEnquiry, type Running } from '../test-support/fixtures';
import { requestFrom } from '../test-support/loopback-clients';
import { usePostgresPerFile } from '../test-support/postgres-per-file';
import { CHALLENGES_PER_MINUTE } from './contact-challenge';

const postgres = usePostgresPerFile();
let temp: Awaited<ReturnType<typeof makeTempDir>>;
let stores: PostgresStore[];
let instances: Running[];
let distDir: string;
let databaseUrl: string;

async function startInstances(count: number, rateLimitPerMinute = 0) {
  stores = await Promise.all(Array.from({ length: count }, () => openPostgresStore(databaseUrl)));
  instances = await Promise.all(
    stores.map((store) =>
      listen(
        createApp({
          store,
          distDir,
          rateLimitPerMinute,
          trustProxy: false,
          rateLimitPool: store.pool,
          contactChallenge: true,
          log: silentLog,
        }),
      ),
    ),
  );
}

beforeEach(async () => {
  temp = await makeTempDir();
  distDir = await makeSiteFixture(temp.dir);
  databaseUrl = await postgres().createDatabase();
  await startInstances(2);
});

afterEach(async () => {
  vi.useRealTimers();
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

it('a resend with the first key and its spent solution, a day later and after a restart, gets the first 201 and stores nothing', async () => {
  const challenge = (await (await fetch(`${instances[0]!.url}/api/contact/challenge`)).json()) as Challenge;
  const altcha = encodeSolution({ challenge, solution: (await solveChallenge({ challenge, deriveKey }))! });
  const key = randomUUID();
  const first = await postJson(instances[0]!.url, validEnquiry(), { 'Idempotency-Key': key, Altcha: altcha });
  expect(first.status).toBe(201);
  await Promise.all(instances.map((instance) => instance.close()));
  await Promise.all(stores.map((store) => store.close()));

  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 25 * 60 * 60_000);
  await startInstances(1);
  const resend = await postJson(instances[0]!.url, validEnquiry(), { 'Idempotency-Key': key, Altcha: altcha });
  expect(resend.status).toBe(201);
  expect(resend.headers.get('idempotent-replayed')).toBe('true');
  expect(await readAnswer(resend)).toEqual(await readAnswer(first));
  const other = await postJson(instances[0]!.url, validEnquiry({ message: 'Another.' }), { 'Idempotency-Key': key });
  expect(other.status).toBe(422);
  expect((await stores[0]!.records()).enquiries).toHaveLength(1);
});

it(`the challenge's limit is shared: ${CHALLENGES_PER_MINUTE} a minute for one client across both instances, then 429 from either`, async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await Promise.all(stores.map((store) => store.close()));
  await startInstances(2, 10);
  const challengeFrom = (instance: Running, from: string) => requestFrom(instance.url, { from, path: '/api/contact/challenge' });
  for (let index = 0; index < CHALLENGES_PER_MINUTE; index += 1)
    expect((await challengeFrom(instances[index % 2]!, '127.0.0.7')).status).toBe(200);
  for (const instance of instances) {
    const refused = await challengeFrom(instance, '127.0.0.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toBe('Too many anti-spam checks asked for from this address. Please try again in a minute.');
  }
  expect((await challengeFrom(instances[0]!, '127.0.0.8')).status).toBe(200);
});
