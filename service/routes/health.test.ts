import http from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAlertDispatcher, type AlertDispatcher } from '../alerts/alert-dispatcher';
import { createAlertSenders } from '../alerts/alert-senders';
import { createApp } from '../app';
import { silentLog } from '../log';
import { openFileStore, type FileStore } from '../db/file-store';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/alert-receivers';
import { listen, makeSiteFixture, makeTempDir, postJson, validEnquiry, validSubmission, type Running } from '../test-support/fixtures';
import { skipUnless } from '../test-support/skip-unless';
import { canMountSmallDisk, MORE_THAN_A_PAGE, mountSmallDisk, SMALL_DISK_NEEDS, type SmallDisk } from '../test-support/small-disk';
import { HEALTH_DETAILS_ENDPOINT, HEALTH_ENDPOINT } from './health';
import type { HealthReport } from './health-report';
import { updateEnquiry } from '../enquiry-records';

const TOKEN = 'a-health-token-of-forty-characters-00000';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let store: FileStore;
let distDir: string;
let webhook: WebhookReceiver;
let dispatcher: AlertDispatcher;
const servers: Running[] = [];
const onFullDisk: { disk: SmallDisk; store: FileStore }[] = [];

beforeEach(async () => {
  temp = await makeTempDir();
  distDir = await makeSiteFixture(temp.dir);
  webhook = await startWebhookReceiver();
  store = await openFileStore(path.join(temp.dir, 'data', 'db.json'), { alertChannels: ['webhook'] });
  const senders = createAlertSenders({ email: null, webhook: { url: webhook.url, secret: null }, timeZone: 'UTC' });
  dispatcher = startAlertDispatcher({
    store,
    senders,
    log: silentLog,
    retry: { firstDelayMs: 60_000, maxDelayMs: 60_000, windowMs: 3_600_000 },
  });
});

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const server of servers.splice(0)) await server.close();
  for (const { disk, store: full } of onFullDisk.splice(0)) {
    await full.close();
    disk.unmount();
  }
  await dispatcher.stop();
  await store.close();
  await webhook.stop();
  await temp.remove();
});

async function serve({
  healthToken = null,
  trustProxy = false,
  on = store,
}: { healthToken?: string | null; trustProxy?: boolean; on?: FileStore } = {}) {
  const server = await listen(
    createApp({ store: on, distDir, rateLimitPerMinute: 0, trustProxy, alertChannels: ['webhook'], healthToken, log: silentLog }),
  );
  servers.push(server);
  return server.url;
}

/** A GET from a loopback address of our choice (127.0.0.2 plays a client on another machine's behalf). */
function get(url: string, { from = '127.0.0.1', headers = {} }: { from?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const request = http.get(url, { localAddress: from, headers });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, text }));
    });
    request.on('error', reject);
  });
}

/** Serves a store on a real 512 KiB tmpfs, filled to the last byte, and has it refuse an enquiry; needs root. */
async function serveOnFullDisk(): Promise<{ url: string; disk: SmallDisk }> {
  const disk = await mountSmallDisk(path.join(temp.dir, 'disk'));
  onFullDisk.push({ disk, store: await openFileStore(path.join(disk.dir, 'db.json')) });
  const url = await serve({ on: onFullDisk.at(-1)!.store });
  await disk.fill();
  expect((await postJson(url, validEnquiry({ message: MORE_THAN_A_PAGE }))).status).toBe(503);
  return { url, disk };
}

async function health(url: string) {
  const response = await fetch(`${url}${HEALTH_ENDPOINT}`);
  return { status: response.status, cache: response.headers.get('cache-control'), body: (await response.json()) as unknown };
}

async function details(url: string) {
  const response = await fetch(`${url}${HEALTH_DETAILS_ENDPOINT}`);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return { status: response.status, body: (await response.json()) as HealthReport };
}

describe('GET /api/health', () => {
  it('answers 200 with {"status":"ok"} and nothing more', async () => {
    const url = await serve();
    webhook.answers = [503];
    await postJson(url, validEnquiry());
    await vi.waitFor(() => expect(webhook.received).toHaveLength(1));
    const answer = await health(url);
    expect(answer).toEqual({ status: 200, cache: 'no-store', body: { status: 'ok' } });
    expect(Object.keys(answer.body as object)).toEqual(['status']);
  });

  skipUnless(canMountSmallDisk, SMALL_DISK_NEEDS)(
    'answers 503 with {"status":"unavailable"} once a full disk has refused a write, and 200 again once space is free, without a restart (needs root)',
    async () => {
      const { url, disk } = await serveOnFullDisk();
      expect(await health(url)).toEqual({ status: 503, cache: 'no-store', body: { status: 'unavailable' } });
      await disk.free();
      await vi.waitFor(async () => expect((await health(url)).status).toBe(200), { timeout: 10_000 });
      expect((await postJson(url, validEnquiry())).status).toBe(201);
    },
  );

  it('refuses other methods', async () => {
    const url = await serve();
    for (const endpoint of [HEALTH_ENDPOINT, HEALTH_DETAILS_ENDPOINT]) {
      const response = await fetch(`${url}${endpoint}`, { method: 'POST' });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      expect(await response.text()).toBe('This address only answers GET and HEAD.');
    }
  });
});

describe('GET /api/health/details, without HEALTH_TOKEN, from loopback', () => {
  it('answers 200 with the store writable and nothing pending', async () => {
    const url = await serve();
    expect(await details(url)).toEqual({
      status: 200,
      body: {
        status: 'ok',
        computedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        store: { writable: true, capacity: { enquiries: 0, limit: 50_000, warning: null } },
        alerts: {
          email: { configured: false, pending: 0, failed: 0 },
          webhook: { configured: true, pending: 0, failed: 0 },
          oldestPendingAgeSeconds: null,
        },
        enquiries: { overdue: 0 },
        review: { held: 0, counted: expect.any(Object) },
        mailbox: null,
      },
    });
  });

  it('counts the messages the replies mailbox reader gave up on, and says when it last read', async () => {
    const cursor = {
      id: 'firm@imap.example.com:993/INBOX',
      uidValidity: '7',
      lastUid: 40,
      holder: null,
      heldUntil: null,
      skipped: 2,
      failingUid: null,
      failedTries: 0,
      updatedAt: '2026-11-29T04:00:00.000Z',
    };
    await store.atomically((tx) => tx.put('mailboxCursors', cursor));
    expect((await details(await serve())).body.mailbox).toEqual({ skipped: 2, readAt: '2026-11-29T04:00:00.000Z' });
  });

  it('counts the enquiries still New past the 24 hours the site promises', async () => {
    await store.submitEnquiry(validSubmission());
    const replied = await store.submitEnquiry(validSubmission({ email: 'replied@example.com' }));
    if (replied.outcome === 'conflict') throw new Error('unexpected');
    await updateEnquiry(store, replied.record.id, { status: 'replied' });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 60 * 60 * 1000 + 1000 });
    expect((await details(await serve())).body.enquiries).toEqual({ overdue: 1 });
  });

  it('counts an alert pending while the receiver fails, with its age, and shows no personal data', async () => {
    const url = await serve();
    webhook.answers = [503];
    await postJson(url, validEnquiry());
    await vi.waitFor(() => expect(webhook.received).toHaveLength(1));
    // Cached for 5 s: a fresh server (a fresh cache) sees the state as it is now.
    const { body } = await details(await serve());
    expect(body.alerts?.webhook).toEqual({ configured: true, pending: 1, failed: 0 });
    expect(body.alerts?.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(0);
    const text = JSON.stringify(body);
    for (const personal of ['Aisyah', 'Rahman', 'aisyah@example.com', '345']) expect(text).not.toContain(personal);
  });

  it('counts a failed alert', async () => {
    const url = await serve();
    webhook.answers = [410];
    await postJson(url, validEnquiry());
    await vi.waitFor(() => expect(store.alerts().map((alert) => alert.status)).toEqual(['failed']));
    expect((await details(await serve())).body.alerts?.webhook).toEqual({ configured: true, pending: 0, failed: 1 });
  });

  skipUnless(canMountSmallDisk, SMALL_DISK_NEEDS)('answers 503 once a full disk has refused a write (needs root)', async () => {
    const { url } = await serveOnFullDisk();
    const { status, body } = await details(url);
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: 'unavailable', store: { writable: false } });
  });

  it('computes the details once per 5 seconds: a request 1 s later gets the same report', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-12-01T02:00:00.000Z');
    vi.setSystemTime(start);
    const url = await serve();
    const first = (await details(url)).body;
    expect(first.computedAt).toBe(start.toISOString());
    expect(first.alerts?.webhook.pending).toBe(0);
    webhook.answers = [503];
    await postJson(url, validEnquiry());
    vi.setSystemTime(start.getTime() + 1_000);
    expect((await details(url)).body).toEqual(first);
    vi.setSystemTime(start.getTime() + 5_000);
    const fresh = (await details(url)).body;
    expect(fresh.computedAt).toBe(new Date(start.getTime() + 5_000).toISOString());
    expect(fresh.alerts?.webhook.pending).toBe(1);
  });

  it('refuses a client that a trusted proxy names as another address: 403 with a sentence', async () => {
    // As a request through nginx on this machine: the peer is loopback, the client is not.
    const url = await serve({ trustProxy: true });
    const answer = await get(`${url}${HEALTH_DETAILS_ENDPOINT}`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(answer.status).toBe(403);
    expect(answer.text).toBe('The health details are given only to the machine the service runs on.');
    expect(answer.text).not.toContain('pending');
  });
});

describe('GET /api/health/details with HEALTH_TOKEN', () => {
  it('answers a client from another address that sends the token', async () => {
    const url = await serve({ healthToken: TOKEN });
    const answer = await get(`${url}${HEALTH_DETAILS_ENDPOINT}`, { from: '127.0.0.2', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ status: 'ok', alerts: { webhook: { configured: true, pending: 0, failed: 0 } } });
  });

  it('refuses a missing or wrong token with 401, a sentence and WWW-Authenticate: Bearer, even from loopback', async () => {
    const url = await serve({ healthToken: TOKEN });
    const wrong: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
      { authorization: `Bearer ${TOKEN}0` },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const from of ['127.0.0.2', '127.0.0.1']) {
      for (const headers of wrong) {
        const answer = await get(`${url}${HEALTH_DETAILS_ENDPOINT}`, { from, headers });
        expect(answer.status, JSON.stringify({ from, headers })).toBe(401);
        expect(answer.headers['www-authenticate']).toBe('Bearer');
        expect(answer.text).toBe('The health details need the health token: send it as Authorization: Bearer TOKEN.');
      }
    }
  });

  it('refuses in the language the client asks for', async () => {
    const url = await serve({ healthToken: TOKEN });
    const answer = await get(`${url}${HEALTH_DETAILS_ENDPOINT}`, { from: '127.0.0.2', headers: { 'accept-language': 'ms' } });
    expect(answer.status).toBe(401);
    expect(answer.headers['content-language']).toBe('ms');
    expect(answer.text).toBe('Butiran kesihatan memerlukan token kesihatan: hantarkannya sebagai Authorization: Bearer TOKEN.');
  });

  it('leaves the public answer public', async () => {
    const url = await serve({ healthToken: TOKEN });
    expect((await get(`${url}${HEALTH_ENDPOINT}`, { from: '127.0.0.2' })).text).toBe('{"status":"ok"}');
  });
});
