/**
 * The real service (service/server.ts) on PostgreSQL, in child processes:
 * killed with SIGKILL under load, and two instances on one database behind
 * no proxy but the test, as a load balancer would spread the posts.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPostgresStore } from './db/postgres/postgres-store';
import type { StoreRecords } from './store-interface';
import { startWebhookReceiver, type WebhookReceiver } from './test-support/alert-receivers';
import { makeSiteFixture, makeTempDir, postJson, readAnswer, validEnquiry } from './test-support/fixtures';
import { usePostgresPerFile } from './test-support/postgres-per-file';
import { startServer, useServiceBundle, type ServerProcess } from './test-support/server-process';

const postgres = usePostgresPerFile({ ownServer: true });
let temp: Awaited<ReturnType<typeof makeTempDir>>;
let webhook: WebhookReceiver;
let env: Record<string, string>;
const running: ServerProcess[] = [];

beforeEach(async () => {
  temp = await makeTempDir();
  webhook = await startWebhookReceiver();
  env = {
    DATABASE_URL: await postgres().createDatabase(),
    DIST_DIR: await makeSiteFixture(temp.dir),
    RATE_LIMIT_PER_MINUTE: '0',
    // These tests are about instances sharing one database: their posts carry no proof of work.
    CONTACT_CHALLENGE: 'off',
    NOTIFY_WEBHOOK_URL: webhook.url,
  };
});

afterEach(async () => {
  for (const server of running.splice(0)) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await webhook.stop();
  await temp.remove();
});

// A dozen starts in this file: the bundle `npm start` runs, built once.
const serviceBundle = useServiceBundle();

async function start(extraEnv: Record<string, string> = {}) {
  const server = await startServer({ ...env, ...extraEnv }, { entry: serviceBundle() });
  running.push(server);
  return server;
}

async function kill(server: ServerProcess) {
  server.child.kill('SIGKILL');
  await server.exited;
  running.splice(running.indexOf(server), 1);
}

/** What the database holds, read as the CLI reads it. */
async function stored(): Promise<StoreRecords> {
  const store = await openPostgresStore(env.DATABASE_URL!);
  try {
    return await store.records();
  } finally {
    await store.close();
  }
}

/** Posts from `clients` loops until the server goes away or `until` resolves; collects the ids answered 201. */
async function postUntilGone(url: string, clients: number, acknowledged: string[], until: Promise<unknown> = new Promise(() => {})) {
  let done = false;
  void until.then(() => (done = true));
  const client = async () => {
    while (!done) {
      try {
        const response = await postJson(url, validEnquiry({ message: `load ${randomUUID()}` }), { 'idempotency-key': randomUUID() });
        if (response.status !== 201) throw new Error(`unexpected ${response.status}: ${await response.text()}`);
        acknowledged.push((await readAnswer(response)).id);
      } catch (error) {
        if (error instanceof TypeError) return; // fetch failed: the server was killed
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
}

function missingFrom(records: StoreRecords, ids: readonly string[]): string[] {
  const kept = new Set(records.enquiries.map((record) => record.id));
  return ids.filter((id) => !kept.has(id));
}

describe('the service on PostgreSQL', () => {
  it('keeps every acknowledged enquiry, with its alert, through SIGKILLs under load', async () => {
    const acknowledged: string[] = [];
    for (let round = 0; round < 5; round += 1) {
      const server = await start();
      const before = acknowledged.length;
      const load = postUntilGone(server.url, 8, acknowledged);
      // Under load whatever the machine's speed: some answered, and more on the way when the kill comes.
      await vi.waitFor(() => expect(acknowledged.length - before).toBeGreaterThanOrEqual(12), { timeout: 20_000, interval: 10 });
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 100));
      await kill(server);
      await load;
      const records = await stored();
      expect(missingFrom(records, acknowledged), `round ${round}: acknowledged enquiries lost`).toEqual([]);
      const alerted = new Set(records.alerts.map((alert) => alert.enquiryId));
      expect(
        records.enquiries.filter((record) => !alerted.has(record.id)),
        `round ${round}: enquiries without their alert`,
      ).toEqual([]);
    }
    expect(acknowledged.length).toBeGreaterThan(50);
  }, 60_000);

  it('reports the database in /api/health, and answers 503 with the sentence while it is down', async () => {
    const server = await start();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    await postgres().shutDown();
    try {
      const response = await postJson(server.url, validEnquiry());
      expect(response.status).toBe(503);
      expect(await response.text()).toBe('Your message could not be saved right now. Please try again later.');
      expect((await fetch(`${server.url}/api/health`)).status).toBe(503);
    } finally {
      await postgres().startAgain();
    }
    await vi.waitFor(async () => expect((await postJson(server.url, validEnquiry())).status).toBe(201), { timeout: 10_000 });
    expect(server.child.exitCode).toBeNull();
  }, 30_000);
});

describe('two instances on one database', () => {
  it('store each idempotency key once when it reaches both at once, and deliver each alert once', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const keys = Array.from({ length: 30 }, () => randomUUID());
    const answers = await Promise.all(
      keys.map(async (key, index) => {
        const body = validEnquiry({ message: `Enquiry ${index}` });
        const [fromA, fromB] = await Promise.all([
          postJson(a.url, body, { 'idempotency-key': key }),
          postJson(b.url, body, { 'idempotency-key': key }),
        ]);
        expect([fromA.status, fromB.status]).toEqual([201, 201]);
        const [idA, idB] = [(await readAnswer(fromA)).id, (await readAnswer(fromB)).id];
        expect(idA).toBe(idB);
        return idA;
      }),
    );
    const records = await stored();
    expect(records.enquiries).toHaveLength(30);
    expect(missingFrom(records, answers)).toEqual([]);

    await vi.waitFor(async () => expect((await stored()).alerts.every((alert) => alert.status === 'sent')).toBe(true), { timeout: 15_000 });
    const deliveries = new Map<string, number>();
    for (const { body } of webhook.received) {
      const id = (JSON.parse(body) as { enquiry: { id: string } }).enquiry.id;
      deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    }
    expect(deliveries.size).toBe(30);
    expect([...deliveries.values()].every((count) => count === 1)).toBe(true);
  }, 60_000);

  it('store a form posted without JavaScript once when the double submit reaches both', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    // As the browser posts the form by itself: urlencoded, no Idempotency-Key.
    const postForm = (url: string) =>
      fetch(`${url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...validEnquiry({ message: 'Sent twice, to two instances.' }), website: '' }).toString(),
      });
    const first = await postForm(a.url);
    const again = await postForm(b.url);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await stored()).enquiries.map((record) => record.message)).toEqual(['Sent twice, to two instances.']);
  }, 30_000);

  it('lose no acknowledged enquiry when one is killed with kill -9 under load, and the other sends its alerts', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const acknowledged: string[] = [];
    let stopB!: () => void;
    const bDone = new Promise<void>((resolve) => (stopB = resolve));
    const loads = [postUntilGone(a.url, 6, acknowledged), postUntilGone(b.url, 6, acknowledged, bDone)];
    await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(20), { timeout: 20_000, interval: 10 });
    await kill(a);
    // B goes on acknowledging after A is gone: a count of its answers, not a guessed time.
    const atKill = acknowledged.length;
    await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(atKill + 10), { timeout: 20_000, interval: 10 });
    stopB();
    await Promise.all(loads);
    expect(missingFrom(await stored(), acknowledged)).toEqual([]);
    expect(b.child.exitCode).toBeNull();
    // A's alerts that it never claimed are found by B's poll (a claimed one waits for its claim to run out).
    await vi.waitFor(
      async () => {
        const { alerts } = await stored();
        const unclaimedPending = alerts.filter((alert) => alert.status === 'pending' && alert.attempts === 0);
        expect(unclaimedPending.length).toBeLessThanOrEqual(4); // at most A's senders' claims in flight
      },
      { timeout: 15_000 },
    );
  }, 60_000);

  it('share one rate limit: a client spreading its posts over both is held to it', async () => {
    const [a, b] = await Promise.all([start({ RATE_LIMIT_PER_MINUTE: '5' }), start({ RATE_LIMIT_PER_MINUTE: '5' })]);
    const statuses: number[] = [];
    for (let index = 0; index < 8; index += 1) {
      const response = await postJson(index % 2 === 0 ? a.url : b.url, validEnquiry({ message: `post ${index}` }));
      statuses.push(response.status);
      if (response.status === 429) {
        expect(await response.text()).toBe('Too many messages from this address. Please try again in a minute.');
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
  }, 30_000);
});
