import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import type http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from './app';
import { maxConnectionsFor, maxConnectionsForThisProcess } from './connection-cap';
import { createHttpServer, MAX_TARGET_LENGTH, PRODUCTION_LIMITS, type ClientLimits, type HttpLimits } from './http-server';
import type { LogFields } from './log';
import { openFileStore, type FileStore } from './db/file-store';
import { makeSiteFixture, makeTempDir } from './test-support/fixtures';
import { startServer } from './test-support/server-process';

/** Small limits, so that a slow client is cut off in well under a second. */
const TEST_LIMITS: HttpLimits = {
  headersTimeoutMs: 300,
  requestTimeoutMs: 600,
  keepAliveTimeoutMs: 200,
  timeoutCheckIntervalMs: 50,
  socketIdleTimeoutMs: 300,
  maxConnections: 4,
};
const TEST_CLIENTS: ClientLimits = { maxConnectionsPerClient: 2, trustedProxies: ['127.0.0.3'] };
const TRICKLE_INTERVAL_MS = 100;
const NODE_KEEP_ALIVE_GRACE_MS = 1_000;

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let store: FileStore;
let distDir: string;
let server: http.Server;
let port: number;
let logged: LogFields[];
const sockets: net.Socket[] = [];

beforeEach(async () => {
  temp = await makeTempDir();
  distDir = await makeSiteFixture(temp.dir);
  store = await openFileStore(path.join(temp.dir, 'data', 'db.json'));
  logged = [];
  const log = (fields: LogFields) => logged.push(fields);
  const app = createApp({ store, distDir, rateLimitPerMinute: 0, trustProxy: false, log });
  server = createHttpServer(app.callback(), { log, limits: TEST_LIMITS, clients: TEST_CLIENTS });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await store.close();
  await temp.remove();
});

/** A raw TCP connection to the server from `localAddress`, with everything it receives and when it was closed. */
async function connect(localAddress = '127.0.0.1') {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  sockets.push(socket);
  await once(socket, 'connect');
  const opened = performance.now();
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => {}); // a reset by the server shows as 'close' below
  const closedAfterMs = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now() - opened)));
  return { socket, received: () => Buffer.concat(chunks).toString('utf8'), closedAfterMs };
}

/** Writes `text` one byte every TRICKLE_INTERVAL_MS until the socket closes. */
function trickle(socket: net.Socket, text: string): void {
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || index >= text.length) {
      clearInterval(timer);
      return;
    }
    socket.write(text[index]!);
    index += 1;
  }, TRICKLE_INTERVAL_MS);
  socket.once('close', () => clearInterval(timer));
}

describe('timeouts', () => {
  it('cuts off a client that sends its headers one byte at a time, answering 408', async () => {
    const client = await connect();
    trickle(client.socket, `GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'a'.repeat(1000)}\r\n\r\n`);
    const closedAfterMs = await client.closedAfterMs;
    expect(closedAfterMs).toBeLessThan(TEST_LIMITS.headersTimeoutMs + 4 * TEST_LIMITS.timeoutCheckIntervalMs + TRICKLE_INTERVAL_MS);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(logged).toEqual([expect.objectContaining({ level: 'warn', msg: 'client error', status: 408 })]);
  });

  it('cuts off a client that sends its body one byte at a time, answering 408 in its language', async () => {
    const client = await connect();
    client.socket.write(
      'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nAccept-Language: ms-MY,ms;q=0.9\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n',
    );
    trickle(client.socket, 'x'.repeat(500));
    const closedAfterMs = await client.closedAfterMs;
    expect(closedAfterMs).toBeLessThan(TEST_LIMITS.requestTimeoutMs + 4 * TEST_LIMITS.timeoutCheckIntervalMs + TRICKLE_INTERVAL_MS);
    expect(closedAfterMs).toBeGreaterThan(TEST_LIMITS.headersTimeoutMs); // the headers were on time
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(client.received()).toContain('\r\nContent-Language: ms\r\n');
    expect(client.received()).toMatch(/\r\n\r\nPermintaan mengambil masa terlalu lama untuk tiba\. Sila hantar sekali lagi\.\n$/);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const client = await connect();
    client.socket.write('GET /sw.js HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const closedAfterMs = await client.closedAfterMs;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    // Node tells the client the timeout (Keep-Alive: timeout=N), then waits one second more (HTTP_SERVER_KEEP_ALIVE_TIMEOUT_BUFFER
    // in lib/_http_server.js), so that a request sent just before it does not meet a closing socket.
    expect(closedAfterMs).toBeGreaterThanOrEqual(TEST_LIMITS.keepAliveTimeoutMs);
    expect(closedAfterMs).toBeLessThan(TEST_LIMITS.keepAliveTimeoutMs + NODE_KEEP_ALIVE_GRACE_MS + 500);
  });

  it('closes the connection of a client that stopped reading a large answer', async () => {
    // Larger than the loopback socket buffers, so that the server's writes stall.
    await writeFile(path.join(distDir, 'large.bin'), Buffer.alloc(64 * 1024 * 1024));
    const client = await connect();
    client.socket.pause();
    client.socket.write('GET /large.bin HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const connections = () => new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));
    await vi.waitFor(async () => expect(await connections()).toBe(0), { timeout: TEST_LIMITS.socketIdleTimeoutMs + 2_000, interval: 50 });
  });

  it('keeps headers within the request timeout, as Node requires', () => {
    expect(PRODUCTION_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(PRODUCTION_LIMITS.requestTimeoutMs);
  });
});

/** Asks for /sw.js on `client` and resolves with what came back once the server closed the connection. */
async function fetchOver(client: Awaited<ReturnType<typeof connect>>) {
  client.socket.write('GET /sw.js HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
  await client.closedAfterMs;
  return client.received();
}

describe('connection cap', () => {
  it(`closes connections beyond ${TEST_LIMITS.maxConnections} from all clients as they arrive, and serves the others`, async () => {
    const addresses = ['127.0.0.1', '127.0.0.1', '127.0.0.2', '127.0.0.2'];
    const held = await Promise.all(addresses.map((address) => connect(address)));
    const extra = await connect('127.0.0.4');
    expect(await extra.closedAfterMs).toBeLessThan(500);
    expect(extra.received()).toBe('');
    expect(await fetchOver(held[0]!)).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });

  it('takes the open-file limit of the process, less what the store, the log and the database need', () => {
    const soft = Number(/^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))![1]);
    expect(maxConnectionsForThisProcess()).toBe(Math.floor((soft - 256) / 2));
    expect(PRODUCTION_LIMITS.maxConnections).toBe(maxConnectionsForThisProcess());
  });

  it('falls back to 1,000 where the limit cannot be read or is unlimited', () => {
    expect(maxConnectionsFor(null)).toBe(1_000);
    expect(maxConnectionsFor('Limit   Soft Limit   Hard Limit   Units\nMax open files   unlimited   unlimited   files\n')).toBe(1_000);
  });
});

describe(`${TEST_CLIENTS.maxConnectionsPerClient} connections per client`, () => {
  /** The connections the server holds, once the ones it refused are gone. */
  const connections = () => new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));

  it("closes a client's connections beyond its limit as they arrive, while other clients are served", async () => {
    const held = [await connect('127.0.0.2'), await connect('127.0.0.2')];
    const extra = await connect('127.0.0.2');
    expect(await extra.closedAfterMs).toBeLessThan(500);
    expect(extra.received()).toBe('');
    expect(await fetchOver(await connect('127.0.0.1'))).toMatch(/^HTTP\/1\.1 200 OK\r\n/);

    // A connection closed frees its place.
    expect(await fetchOver(held[0]!)).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    await vi.waitFor(async () => expect(await connections()).toBe(1));
    expect(await fetchOver(await connect('127.0.0.2'))).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(logged.filter((line) => line.msg === 'client at its connection limit: new connections closed')).toEqual([
      { level: 'warn', msg: 'client at its connection limit: new connections closed', limit: TEST_CLIENTS.maxConnectionsPerClient },
    ]);
  });

  it('does not limit a trusted proxy, whose connections carry many clients', async () => {
    const fromProxy = await Promise.all([1, 2, 3].map(() => connect('127.0.0.3')));
    for (const client of fromProxy) expect(await fetchOver(client)).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });
});

describe('request targets', () => {
  it(`answers a target over ${MAX_TARGET_LENGTH} characters with 414 in the visitor's language, without routing or logging it`, async () => {
    const client = await connect();
    const target = `/a${'/'.repeat(15_000)}b`;
    client.socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nAccept-Language: zh-CN,zh;q=0.9\r\n\r\n`);
    await client.closedAfterMs;
    expect(client.received()).toMatch(/^HTTP\/1\.1 414 URI Too Long\r\n/);
    expect(client.received()).toContain('\r\nContent-Language: zh-Hans\r\n');
    expect(client.received()).toMatch(/\r\n\r\n此网址过长。\n$/);
    expect(logged).toEqual([{ level: 'warn', msg: 'client error', status: 414, targetLength: target.length }]);
  });

  it(`serves a target of exactly ${MAX_TARGET_LENGTH} characters`, async () => {
    const client = await connect();
    const target = `/sw.js?${'q'.repeat(MAX_TARGET_LENGTH - '/sw.js?'.length)}`;
    client.socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    await client.closedAfterMs;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });
});

describe('malformed requests', () => {
  it("answers garbage with Node's plain 400 Bad Request and logs one warn line without a stack", async () => {
    const client = await connect();
    client.socket.write('HELLO?\r\n\r\n');
    await client.closedAfterMs;
    expect(client.received()).toBe('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    expect(logged).toEqual([{ level: 'warn', msg: 'client error', status: 400, code: 'HPE_INVALID_METHOD', error: expect.any(String) }]);
  });

  it('answers headers over the size limit with 431', async () => {
    const client = await connect();
    client.socket.write(`GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    await client.closedAfterMs;
    expect(client.received()).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(logged).toEqual([expect.objectContaining({ level: 'warn', status: 431, code: 'HPE_HEADER_OVERFLOW' })]);
  });

  it("answers an Expect it cannot meet with Node's plain 417, and keeps the connection", async () => {
    const client = await connect();
    client.socket.write('GET /sw.js HTTP/1.1\r\nHost: localhost\r\nAccept-Language: ms\r\nExpect: foo\r\n\r\n');
    await vi.waitFor(() => expect(client.received()).toMatch(/^HTTP\/1\.1 417 Expectation Failed\r\n[^]*\r\n\r\n$/));
    client.socket.write('GET /sw.js HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    await client.closedAfterMs;
    expect(client.received()).toMatch(/HTTP\/1\.1 200 OK\r\n/);
  });

  it('closes a CONNECT without an answer, as Node does: this is not a proxy', async () => {
    const client = await connect();
    client.socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    await client.closedAfterMs;
    expect(client.received()).toBe('');
  });

  it('answers a target Koa cannot parse with 400, logs it as a 400, and keeps serving', async () => {
    const client = await connect();
    client.socket.write('GET http://[/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    await client.closedAfterMs;
    expect(client.received()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(client.received()).toMatch(/\r\n\r\nThis address is not valid\.$/);
    await vi.waitFor(() => expect(logged.filter((line) => line.msg === 'request')).toHaveLength(1));
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: 'warn', msg: 'error', status: 400, error: 'This address is not valid.' }),
        expect.objectContaining({ level: 'info', msg: 'request', method: 'GET', status: 400 }),
      ]),
    );
    expect(logged.some((line) => 'stack' in line)).toBe(false);
    expect((await fetch(`http://127.0.0.1:${port}/sw.js`)).status).toBe(200);
  });
});

describe('the service process', () => {
  let running: Awaited<ReturnType<typeof startServer>> | undefined;
  afterEach(async () => {
    running?.child.kill('SIGKILL');
    await running?.exited;
  });

  it('answers malformed HTTP through createHttpServer: a 400 and a client error line', async () => {
    running = await startServer({ DB_FILE: path.join(temp.dir, 'process', 'db.json'), DIST_DIR: distDir });
    const { port: processPort } = new URL(running.url);
    const socket = net.connect(Number(processPort), '127.0.0.1');
    sockets.push(socket);
    socket.write('HELLO?\r\n\r\n');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    await once(socket, 'close');
    expect(received).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    await vi.waitFor(() => expect(running!.output()).toContain('"msg":"client error","status":400'));
  });
});
