/**
 * Clients that connect from a loopback address of the test's choice (all of
 * 127.0.0.0/8 is loopback), to play visitors, an attacker or a proxy against
 * a real server: requests with their answer and its time, and connections
 * that never finish their headers.
 */
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** From sending the request (connection included) to the last byte of the answer. */
  ms: number;
}

export interface RequestFrom {
  /** The client's own address. */
  from: string;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request on a connection of its own from `from`. */
export function requestFrom(url: string, { from, method = 'GET', path = '/', headers = {}, body }: RequestFrom): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(`${url}${path}`, { method, localAddress: from, headers, agent: false });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: text, ms: performance.now() - started }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** A raw connection from `from`, once connected; `received` resolves with all it got when the server closed it. */
export async function connectFrom(url: string, from: string): Promise<{ socket: net.Socket; received: () => Promise<string> }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect({ host: hostname, port: Number(port), localAddress: from });
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => {}); // a reset shows as 'close'
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await once(socket, 'connect');
  return { socket, received: () => closed.then(() => Buffer.concat(chunks).toString('utf8')) };
}

export interface HalfOpen {
  /** Resolves once the server has closed every connection it will not hold. */
  settled: Promise<void>;
  /** The connections the server still holds. */
  open: () => number;
  destroy: () => void;
}

/**
 * `count` connections from `from`, each sending a request line and one header
 * and never the rest. `settled` waits for a last connection, sent after all of
 * them, to be closed or answered: the server takes connections in order, so it
 * has then dealt with every one before it.
 */
export async function holdHalfOpen(url: string, from: string, count: number): Promise<HalfOpen> {
  const { hostname, port } = new URL(url);
  const sockets: net.Socket[] = [];
  const BATCH = 100; // within the listen backlog, so that no connection waits for a SYN retry
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, () => {
      const socket = net.connect({ host: hostname, port: Number(port), localAddress: from });
      socket.on('error', () => {}); // a reset by the server shows as 'close'
      sockets.push(socket);
      // A connection the server refuses may be reset before 'connect' is seen.
      return new Promise<void>((resolve) => {
        socket.once('connect', () => resolve(void socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n')));
        socket.once('close', () => resolve());
      });
    });
    await Promise.all(batch);
  }
  const last = net.connect({ host: hostname, port: Number(port), localAddress: from });
  last.on('error', () => {});
  last.resume(); // its answer is read, so that 'close' comes
  last.on('connect', () => last.write('GET /sw.js HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
  const settled = new Promise<void>((resolve) => last.once('close', () => resolve())); // events.once would reject on a reset
  return {
    settled,
    open: () => sockets.filter((socket) => !socket.destroyed && !socket.readableEnded).length,
    destroy: () => {
      for (const socket of [...sockets, last]) socket.destroy();
    },
  };
}
