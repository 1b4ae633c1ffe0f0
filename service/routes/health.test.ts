import { open as openFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAlertDispatcher, type AlertDispatcher } from '../alerts/alert-dispatcher';
import { createAlertSenders } from '../alerts/alert-senders';
import { createApp } from '../app';
import { silentLog } from '../log';
import { openFileStore, type FileStore } from '../db/file-store';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/alert-receivers';
import { listen, makeSiteFixture, makeTempDir, postJson, validEnquiry, type Running } from '../test-support/fixtures';
import { HEALTH_ENDPOINT, type healthReport } from './health';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let store: FileStore;
let server: Running;
let webhook: WebhookReceiver;
let dispatcher: AlertDispatcher;

beforeEach(async () => {
  temp = await makeTempDir();
  webhook = await startWebhookReceiver();
  store = await openFileStore(path.join(temp.dir, 'data', 'db.json'), { alertChannels: ['webhook'] });
  const senders = createAlertSenders({ email: null, webhook: { url: webhook.url, secret: null }, timeZone: 'UTC' });
  dispatcher = startAlertDispatcher({ store, senders, log: silentLog, retry: { firstDelayMs: 60_000, maxDelayMs: 60_000, windowMs: 3_600_000 } });
  const app = createApp({
    store,
    distDir: await makeSiteFixture(temp.dir),
    rateLimitPerMinute: 0,
    trustProxy: false,
    alertChannels: ['webhook'],
    log: silentLog,
  });
  server = await listen(app);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
  await dispatcher.stop();
  await store.close();
  await webhook.stop();
  await temp.remove();
});

async function health() {
  const response = await fetch(`${server.url}${HEALTH_ENDPOINT}`);
  const body = (await response.json()) as Awaited<ReturnType<typeof healthReport>>;
  return { status: response.status, cache: response.headers.get('cache-control'), body };
}

describe('GET /api/health', () => {
  it('answers 200 with the store writable and nothing pending', async () => {
    expect(await health()).toEqual({
      status: 200,
      cache: 'no-store',
      body: {
        status: 'ok',
        store: { writable: true },
        alerts: {
          email: { configured: false, pending: 0, failed: 0 },
          webhook: { configured: true, pending: 0, failed: 0 },
          oldestPendingAgeSeconds: null,
        },
      },
    });
  });

  it('counts an alert pending while the receiver fails, with its age, and shows no personal data', async () => {
    webhook.answers = [503];
    await postJson(server.url, validEnquiry());
    await vi.waitFor(() => expect(webhook.received).toHaveLength(1));
    await vi.waitFor(async () => expect((await health()).body.alerts?.webhook).toEqual({ configured: true, pending: 1, failed: 0 }));
    const { body } = await health();
    expect(body.alerts?.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(0);
    const text = JSON.stringify(body);
    for (const personal of ['Aisyah', 'Rahman', 'aisyah@example.com', '345']) expect(text).not.toContain(personal);
  });

  it('counts a failed alert', async () => {
    webhook.answers = [410];
    await postJson(server.url, validEnquiry());
    await vi.waitFor(async () => expect((await health()).body.alerts?.webhook).toEqual({ configured: true, pending: 0, failed: 1 }));
  });

  it('answers 503 once the disk has refused a write, and 200 again once the store has recovered by itself', async () => {
    const handle = await openFile(path.join(temp.dir, 'data', 'db.journal.jsonl'), 'r');
    vi.spyOn(Object.getPrototypeOf(handle), 'write').mockRejectedValueOnce(new Error('ENOSPC: no space left on device'));
    await handle.close();
    expect((await postJson(server.url, validEnquiry())).status).toBe(503);
    const { status, body } = await health();
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: 'unavailable', store: { writable: false } });
    await vi.waitFor(async () => expect((await health()).status).toBe(200), { timeout: 5_000 });
    expect((await postJson(server.url, validEnquiry())).status).toBe(201);
  });

  it('refuses other methods', async () => {
    const response = await fetch(`${server.url}${HEALTH_ENDPOINT}`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(await response.text()).toBe('This address only answers GET and HEAD.');
  });
});
