/**
 * The receiver docs/operations.md points webhook users to (docs/examples/), run
 * against real deliveries from the service's own sender: it takes each alert
 * once, drops a retry's copy, and refuses a delivery replayed later, altered,
 * or not signed with the secret.
 */
import { createHmac } from 'node:crypto';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReceiver, type Delivery } from '../../docs/examples/webhook-receiver.mjs';
import { silentLog } from '../log';
import { openFileStore, type FileStore } from '../db/file-store';
import { startWebhookReceiver, type ReceivedRequest } from '../test-support/alert-receivers';
import { makeTempDir, validSubmission } from '../test-support/fixtures';
import { startAlertDispatcher, type AlertDispatcher } from './alert-dispatcher';
import { createWebhookSender } from './webhook-sender';

const SECRET = 'a webhook secret of 32 characters or more';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let store: FileStore;
let dispatcher: AlertDispatcher | null;
let servers: http.Server[];

beforeEach(async () => {
  temp = await makeTempDir();
  store = await openFileStore(path.join(temp.dir, 'db.json'), { alertChannels: ['webhook'] });
  dispatcher = null;
  servers = [];
});

afterEach(async () => {
  await dispatcher?.stop();
  await store.close();
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await temp.remove();
});

/** The example's receiver on 127.0.0.1, with its clock; what it hands on lands in `delivered`. */
async function startExample(now: () => number = Date.now) {
  const delivered: Delivery[] = [];
  const server = createReceiver({ secret: SECRET, onDelivery: (delivery) => delivered.push(delivery), now });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, delivered };
}

async function submit() {
  const result = await store.submitEnquiry(validSubmission());
  if (result.outcome === 'conflict') throw new Error('unexpected conflict');
  return result.record;
}

/** A real delivery from the service's sender, as it went over the wire. */
async function captureDelivery(): Promise<ReceivedRequest & { t: number }> {
  const capture = await startWebhookReceiver();
  try {
    const sender = createWebhookSender({ url: capture.url, secret: SECRET });
    await sender.sendTest(await submit());
    const request = capture.received[0]!;
    return { ...request, t: Number(/^t=(\d+),/.exec(String(request.headers['teratai-signature']))?.[1]) };
  } finally {
    await capture.stop();
  }
}

function replay(url: string, body: string, signature: string | undefined): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'teratai-signature': signature }) },
    body,
  });
}

describe('docs/examples/webhook-receiver.mjs', () => {
  it('takes the service’s delivery once, and drops the copy a retry brings (signed afresh)', async () => {
    const example = await startExample();
    const sender = createWebhookSender({ url: example.url, secret: SECRET });
    dispatcher = startAlertDispatcher({ store, senders: [sender], log: silentLog });
    const record = await submit();
    await vi.waitFor(() => expect(store.alerts()[0]?.status).toBe('sent'), { timeout: 5_000 });
    const alert = store.alerts()[0]!;
    expect(example.delivered).toEqual([
      { event: 'enquiry.created', deliveryId: alert.id, enquiry: expect.objectContaining({ id: record.id }) },
    ]);

    // The same alert sent again a minute later, as after a crash between the send and its record: a fresh
    // signature and the same deliveryId. Answered 2xx, so the service stops; handed on never.
    const minuteLater = createWebhookSender({ url: example.url, secret: SECRET }, () => Date.now() + 60_000);
    expect(await minuteLater.send(alert, record)).toEqual({ kind: 'sent', response: 'HTTP 204' });
    expect(example.delivered).toHaveLength(1);
  });

  it('refuses a captured delivery replayed more than 300 s after it was signed, or as long before', async () => {
    const delivery = await captureDelivery();
    for (const skewSeconds of [301, -301]) {
      const late = await startExample(() => (delivery.t + skewSeconds) * 1000);
      const response = await replay(late.url, delivery.body, String(delivery.headers['teratai-signature']));
      expect(response.status, `${skewSeconds} s`).toBe(401);
      expect(late.delivered).toEqual([]);
    }
    const inTime = await startExample(() => (delivery.t + 299) * 1000);
    expect((await replay(inTime.url, delivery.body, String(delivery.headers['teratai-signature']))).status).toBe(204);
    expect(inTime.delivered).toHaveLength(1);
  });

  it('refuses an altered body, another secret’s signature, the old body-only signature, and none', async () => {
    const delivery = await captureDelivery();
    const signature = String(delivery.headers['teratai-signature']);
    const example = await startExample(() => delivery.t * 1000);
    const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
    const attempts: [string, string, string | undefined][] = [
      ['an altered body', delivery.body.replace('Aisyah', 'Aisyan'), signature],
      [
        'another secret',
        delivery.body,
        `t=${delivery.t},v1=${hmac('another secret of 32 characters or more', `${delivery.t}.${delivery.body}`)}`,
      ],
      ['a body-only signature', delivery.body, `t=${delivery.t},v1=${hmac(SECRET, delivery.body)}`],
      ['a newer t on the old signature', delivery.body, signature.replace(`t=${delivery.t}`, `t=${delivery.t + 1}`)],
      ['no signature', delivery.body, undefined],
    ];
    for (const [name, body, header] of attempts) {
      expect((await replay(example.url, body, header)).status, name).toBe(401);
    }
    expect(example.delivered).toEqual([]);
    expect((await replay(example.url, delivery.body, signature)).status).toBe(204);
    expect(example.delivered).toHaveLength(1);
  });
});
