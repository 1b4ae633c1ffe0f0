/**
 * Outages from one client, against the real service in its own process: an
 * attacker at one address must not slow or lock out a visitor at another,
 * and a client cannot pass for another by writing X-Forwarded-For.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROUTE_PATHS } from '../contract/routes';
import { makeSiteFixture, makeTempDir, validEnquiry } from './test-support/fixtures';
import { connectFrom, holdHalfOpen, requestFrom, type HalfOpen } from './test-support/loopback-clients';
import { startServer, type ServerProcess } from './test-support/server-process';

const ATTACKER = '127.0.0.2';
const PROXY = '127.0.0.3';
const VISITOR = '127.0.0.1';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let env: Record<string, string>;
let server: ServerProcess | undefined;
let attack: HalfOpen | undefined;

beforeEach(async () => {
  temp = await makeTempDir();
  // About connections and the rate limit: the posts carry no proof of work.
  env = { DB_FILE: path.join(temp.dir, 'data', 'db.json'), DIST_DIR: await makeSiteFixture(temp.dir), CONTACT_CHALLENGE: 'off' };
});

afterEach(async () => {
  attack?.destroy();
  attack = undefined;
  server?.child.kill('SIGKILL');
  await server?.exited;
  server = undefined;
  await temp.remove();
});

async function start(extraEnv: Record<string, string> = {}) {
  const started = await startServer({ ...env, ...extraEnv });
  server = started;
  return started.url;
}

function postEnquiry(url: string, from: string, headers: Record<string, string> = {}) {
  return requestFrom(url, {
    from,
    method: 'POST',
    path: '/api/contact',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(), ...headers },
    body: JSON.stringify(validEnquiry()),
  });
}

describe('an attacker at another address', () => {
  // How fast the visitor is answered is a figure of `npm run bench:api` (target 100 ms, on an idle machine):
  // here the test's workers share the cores, so it checks that the answers come, not when.
  it('leaves a visitor answered through the slash request and 1,000 connections that never finish their headers', async () => {
    const url = await start();
    const slashes = await connectFrom(url, ATTACKER); // opened first, so that it is one the service holds
    attack = await holdHalfOpen(url, ATTACKER, 1_000);
    await attack.settled;
    // A path the old trailing-slash regex took 0.7 s over; the visitor asks right behind it.
    slashes.socket.write(`GET /a${'/'.repeat(15_000)}b HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    const page = await requestFrom(url, { from: VISITOR, path: ROUTE_PATHS.home });
    const enquiry = await postEnquiry(url, VISITOR);

    expect(page.status).toBe(200);
    expect(page.body).toContain('App shell');
    expect(enquiry.status).toBe(201);
    expect(await slashes.received()).toMatch(/^HTTP\/1\.1 414 /);
    expect(attack.open()).toBeLessThanOrEqual(128); // MAX_CONNECTIONS_PER_CLIENT's default
  });
});

describe('X-Forwarded-For', () => {
  it('from a direct client, is ignored: a client that forges it is counted by its own address', async () => {
    // TRUST_PROXY=true as well: before TRUSTED_PROXIES, it trusted the header from every peer.
    const url = await start({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: 'true', TRUSTED_PROXIES: PROXY });
    const statuses = [];
    for (const forged of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      statuses.push((await postEnquiry(url, ATTACKER, { 'X-Forwarded-For': forged })).status);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('from a trusted proxy, names the client: each visitor behind it is counted on their own', async () => {
    const url = await start({ RATE_LIMIT_PER_MINUTE: '2', TRUSTED_PROXIES: `10.0.0.0/8, ${PROXY}` });
    const statuses = [];
    for (const visitor of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.1', '198.51.100.1']) {
      statuses.push((await postEnquiry(url, PROXY, { 'X-Forwarded-For': `203.0.113.9, ${visitor}` })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
  });

  it('with TRUST_PROXY=true alone, is read from a loopback peer (trusted-proxies.test.ts: from no other)', async () => {
    const url = await start({ RATE_LIMIT_PER_MINUTE: '1', TRUST_PROXY: 'true' });
    const fromLoopback = [];
    for (const visitor of ['198.51.100.1', '198.51.100.2']) {
      fromLoopback.push((await postEnquiry(url, ATTACKER, { 'X-Forwarded-For': visitor })).status);
    }
    expect(fromLoopback).toEqual([201, 201]);
  });
});

describe('connections per client', () => {
  it('are not limited for a trusted proxy, which carries many visitors', async () => {
    const url = await start({ TRUSTED_PROXIES: PROXY, MAX_CONNECTIONS_PER_CLIENT: '5' });
    attack = await holdHalfOpen(url, PROXY, 20);
    await attack.settled;
    expect(attack.open()).toBe(20);
    const limited = await holdHalfOpen(url, ATTACKER, 20);
    await limited.settled;
    expect(limited.open()).toBe(5);
    limited.destroy();
  });
});
