import { once } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { silentLog } from '../log';
import { listen, validEnquiry, type Running } from '../test-support/fixtures';
import { useSiteAndStore } from '../test-support/per-test';

const RATE_LIMIT_SENTENCE = 'Too many messages from this address. Please try again in a minute.';

const LIMIT = 3;
const ONE_HOUR_MS = 60 * 60 * 1000;

const site = useSiteAndStore();
const servers: Running[] = [];

afterEach(async () => {
  vi.useRealTimers();
  for (const server of servers.splice(0)) await server.close();
});

async function startApp(options: { trustProxyHops?: number; perMinute?: number; now?: () => number } = {}) {
  const { perMinute = LIMIT, ...rest } = options;
  const server = await listen(
    createApp({ store: site.store, distDir: site.distDir, rateLimitPerMinute: perMinute, trustProxy: true, log: silentLog, ...rest }),
  );
  servers.push(server);
  return server.url;
}

/**
 * A reverse proxy as nginx runs with `proxy_set_header X-Forwarded-For
 * $proxy_add_x_forwarded_for`: it passes on what the client sent and appends
 * the address the client connected from. It connects onward from `localAddress`.
 */
async function startAppendingProxy(target: string, localAddress: string): Promise<string> {
  const { hostname, port } = new URL(target);
  const proxy = http.createServer((request, response) => {
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
    const onward = http.request(
      {
        host: hostname,
        port,
        localAddress,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        response.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(onward);
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  servers.push({
    url: '',
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  });
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

/** POSTs an enquiry from a loopback address of our choice, with the X-Forwarded-For the client writes. */
function post(url: string, { from = '127.0.0.1', forwardedFor }: { from?: string; forwardedFor?: string } = {}) {
  return new Promise<{ status: number; retryAfter?: string; body: string }>((resolve, reject) => {
    const request = http.request(`${url}/api/contact`, {
      method: 'POST',
      localAddress: from,
      headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, retryAfter: response.headers['retry-after'], body }));
    });
    request.on('error', reject);
    request.end(JSON.stringify(validEnquiry()));
  });
}

async function statusesOf(posts: (() => Promise<{ status: number }>)[]) {
  const statuses: number[] = [];
  for (const send of posts) statuses.push((await send()).status);
  return statuses;
}

describe('behind a proxy that appends to X-Forwarded-For (TRUST_PROXY=true)', () => {
  it('counts the address the proxy appended, whatever the client writes to the left of it', async () => {
    const proxy = await startAppendingProxy(await startApp(), '127.0.0.1');
    const forged = Array.from(
      { length: 8 },
      (_, index) => () => post(proxy, { from: '127.0.0.5', forwardedFor: `198.51.100.${index + 1}` }),
    );
    expect(await statusesOf(forged)).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    expect(site.store.enquiries()).toHaveLength(LIMIT);
    expect((await post(proxy, { from: '127.0.0.6', forwardedFor: '198.51.100.1' })).status).toBe(201); // another visitor
  });

  it('with TRUST_PROXY_HOPS=2 counts the visitor behind two proxies, not the first proxy', async () => {
    const second = await startAppendingProxy(await startApp({ trustProxyHops: 2 }), '127.0.0.1');
    const first = await startAppendingProxy(second, '127.0.0.9'); // the first proxy's own address
    const fromFive = Array.from(
      { length: LIMIT + 1 },
      (_, index) => () => post(first, { from: '127.0.0.5', forwardedFor: `198.51.100.${index}` }),
    );
    expect(await statusesOf(fromFive)).toEqual([201, 201, 201, 429]);
    expect((await post(first, { from: '127.0.0.6' })).status).toBe(201);
  });
});

describe('the key a client is counted under', () => {
  it('counts IPv6 clients per /64', async () => {
    const app = await startApp();
    const sameSlash64 = ['2001:db8:1:2::a', '2001:db8:1:2::b', '2001:db8:1:2:ffff:1:2:3', '2001:db8:1:2::c'];
    expect(await statusesOf(sameSlash64.map((address) => () => post(app, { forwardedFor: address })))).toEqual([201, 201, 201, 429]);
    expect((await post(app, { forwardedFor: '2001:db8:1:3::a' })).status).toBe(201);
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 client', async () => {
    const app = await startApp();
    const addresses = ['::ffff:203.0.113.5', '203.0.113.5', '::ffff:203.0.113.5', '203.0.113.5'];
    expect(await statusesOf(addresses.map((address) => () => post(app, { forwardedFor: address })))).toEqual([201, 201, 201, 429]);
  });
});

describe('the order', () => {
  it('refuses a JSON post over the limit before its body is read: a client cannot hold the service with a slow body', async () => {
    const app = await startApp();
    await statusesOf(Array.from({ length: LIMIT }, () => () => post(app)));
    const { port } = new URL(app);
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.on('error', () => {});
    // The headers announce a body that never comes.
    socket.write('POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{');
    const [answer] = (await once(socket, 'data')) as [Buffer];
    socket.destroy();
    expect(answer.toString()).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);
  });
});

describe('the window', () => {
  it('answers 429 with the sentence and Retry-After until the minute turns', async () => {
    let clock = 10_000; // 10 s into a minute of the monotonic clock
    const app = await startApp({ now: () => clock });
    await statusesOf(Array.from({ length: LIMIT }, () => () => post(app)));
    const limited = await post(app);
    expect(limited).toEqual({ status: 429, retryAfter: '50', body: RATE_LIMIT_SENTENCE });
    clock += 49_000;
    expect((await post(app)).retryAfter).toBe('1');
    clock += 1_000;
    expect((await post(app)).status).toBe(201);
  });

  it('does not move when the wall clock steps forward or back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const app = await startApp({ now: () => 10_000 });
    await statusesOf(Array.from({ length: LIMIT }, () => () => post(app)));
    vi.setSystemTime(Date.now() + ONE_HOUR_MS);
    expect(await post(app)).toMatchObject({ status: 429, retryAfter: '50' });
    vi.setSystemTime(Date.now() - 2 * ONE_HOUR_MS);
    expect(await post(app)).toMatchObject({ status: 429, retryAfter: '50' });
  });

  it('is off with RATE_LIMIT_PER_MINUTE=0', async () => {
    const app = await startApp({ perMinute: 0 });
    expect(new Set(await statusesOf(Array.from({ length: 12 }, () => () => post(app))))).toEqual(new Set([201]));
  });
});
