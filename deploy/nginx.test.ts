/**
 * The deployment as operators run it: Debian's nginx with the site file in
 * deploy/nginx/, in front of the real service, on loopback ports. The site
 * file is used as it is but for the values a test must change (listen
 * addresses, certificate paths, the service's port), each of which must be
 * found exactly once; a minimal nginx.conf around it plays Debian's, with
 * the pid, logs and temp folders in a temp folder so that it runs unprivileged.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_ANSWER_HEADER } from '../contract/http';
import { readFileStore } from '../service/db/file-store';
import { makeSiteFixture, makeTempDir, validEnquiry } from '../service/test-support/fixtures';
import { freePort } from '../service/test-support/free-port';
import { makeSelfSignedCertificate, type Certificate } from '../service/test-support/self-signed-certificate';
import { startServer, type ServerProcess } from '../service/test-support/server-process';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const SITE_FILE = fileURLToPath(new URL('./nginx/teratai-wealth.conf', import.meta.url));
const ENVIRONMENT_FILE = fileURLToPath(new URL('./systemd/teratai-wealth.env.example', import.meta.url));
/** The settings the service needs behind nginx, taken from the environment file an operator starts from. */
const PROXY_SETTINGS = ['HOST', 'TRUST_PROXY', 'TRUSTED_PROXIES', 'TRUST_PROXY_HOPS'];
const SITE_NAME = 'www.teratai-wealth.example';
const HSTS = 'max-age=31536000; includeSubDomains';
const RATE_LIMIT_PER_MINUTE = 2;

interface Ports {
  http: number;
  https: number;
  service: number;
}

/** Where the site file has nginx write its access log (in each server); the test's goes into its temp folder. */
const ACCESS_LOG = '/var/log/nginx/access.log';

/** The site file with the test's ports, certificate and log: every value it changes but the log must be there exactly once. */
function siteFileForTest(site: string, ports: Ports, certificate: Certificate, accessLog: string): string {
  const changes: [string, string][] = [
    ['listen 80;', `listen 127.0.0.1:${ports.http};`],
    ['listen [::]:80;', ''],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`],
    ['listen [::]:443 ssl http2;', ''],
    ['server 127.0.0.1:3000;', `server 127.0.0.1:${ports.service};`],
    [`/etc/letsencrypt/live/${SITE_NAME}/fullchain.pem`, certificate.certFile],
    [`/etc/letsencrypt/live/${SITE_NAME}/privkey.pem`, certificate.keyFile],
  ];
  if (!site.includes(`access_log ${ACCESS_LOG} `)) throw new Error(`the site file does not log to ${ACCESS_LOG}`);
  return changes.reduce(
    (text, [from, to]) => {
      const pieces = text.split(from);
      if (pieces.length !== 2) throw new Error(`"${from}" is in the site file ${pieces.length - 1} times, not once`);
      return pieces.join(to);
    },
    site.replaceAll(ACCESS_LOG, accessLog),
  );
}

/** The `settings` as the environment file sets them (each must be there). */
async function settingsFrom(file: string, settings: string[]): Promise<Record<string, string>> {
  const lines = (await readFile(file, 'utf8')).split('\n').filter((line) => /^[A-Z_]+=/.test(line));
  const values = new Map(lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
  return Object.fromEntries(
    settings.map((name) => {
      const value = values.get(name);
      if (value === undefined) throw new Error(`${name} is not set in ${file}`);
      return [name, value];
    }),
  );
}

/** What Debian's /etc/nginx/nginx.conf does around a site file, with everything nginx writes inside `dir`. */
function mainConfiguration(dir: string, siteFile: string): string {
  return `
${process.getuid?.() === 0 ? 'user www-data;' : ''}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${siteFile};
}
`;
}

/** Resolves once `port` accepts connections; rejects if `child` exits first. */
async function acceptingConnections(port: number, child: ChildProcess, output: () => string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${output()}`);
    const socket = net.connect(port, '127.0.0.1');
    const connected = await new Promise<boolean>((resolve) =>
      socket.once('connect', () => resolve(true)).once('error', () => resolve(false)),
    );
    socket.destroy();
    if (connected) return;
    await delay(20); // polling the condition, not waiting for a guessed time
  }
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every value of a header, as often as it was sent. */
  all: (name: string) => string[];
  text: string;
}

interface RequestOptions {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  /** Sent in this many pieces, one every `pieceIntervalMs`, as a visitor on a slow link would. */
  body?: string[];
  pieceIntervalMs?: number;
  /** The visitor's own address: 127.0.0.1 unless another loopback address plays another visitor. */
  from?: string;
}

let certificate: Certificate;
let ports: Ports;

async function request(scheme: 'http' | 'https', options: RequestOptions = {}): Promise<Answer> {
  const { method = 'GET', path: target = '/', headers = {}, body = [], pieceIntervalMs = 0, from = '127.0.0.1' } = options;
  const common = { host: '127.0.0.1', method, path: target, headers: { host: 'localhost', ...headers }, localAddress: from, agent: false };
  const outgoing =
    scheme === 'https'
      ? https.request({ ...common, port: ports.https, servername: 'localhost', ca: certificate.cert })
      : http.request({ ...common, port: ports.http });
  const answered = once(outgoing, 'response') as Promise<[http.IncomingMessage]>;
  for (const [index, piece] of body.entries()) {
    if (index > 0 && pieceIntervalMs > 0) await delay(pieceIntervalMs);
    outgoing.write(piece);
  }
  outgoing.end();
  const [response] = await answered;
  let text = '';
  for await (const chunk of response) text += String(chunk);
  const raw = response.rawHeaders; // name, value, name, value...
  const all = (name: string) => raw.flatMap((value, index) => (index % 2 === 1 && raw[index - 1]!.toLowerCase() === name ? [value] : []));
  return { status: response.statusCode!, headers: response.headers, all, text };
}

interface RequestLine {
  msg: string;
  path?: string;
  status?: number;
  ms?: number;
}

/** The service's `request` log lines for `target`, in `log`. */
function requestLines(log: string, target: string): RequestLine[] {
  return log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as RequestLine)
    .filter((line) => line.msg === 'request' && line.path === target);
}

/** Reads `value` until `done` holds for it (the test's timeout bounds the wait). */
async function until<T>(value: () => T, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const current = value();
    if (done(current)) return current;
    await delay(20); // polling the condition, not waiting for a guessed time
  }
}

/**
 * What the service logs from now on. Its request lines are written once an
 * answer is sent, so an earlier test's may come late: a request to a path of
 * its own, answered and logged, shows that every earlier line is in.
 */
async function serviceLogFromNow(): Promise<() => string> {
  const mark = `/log-mark-${randomUUID()}`;
  await request('https', { path: mark });
  await until(
    () => requestLines(service.output(), mark),
    (found) => found.length > 0,
  );
  const from = service.output().length;
  return () => service.output().slice(from);
}

/** A JSON enquiry, with a message of its own so that it can be found in the store. */
function enquiry(message: string) {
  const json = JSON.stringify(validEnquiry({ message }));
  return {
    json,
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(json)), 'idempotency-key': randomUUID() },
  };
}

function postEnquiry(message: string, options: RequestOptions = {}): Promise<Answer> {
  const { json, headers } = enquiry(message);
  return request('https', { method: 'POST', path: '/api/contact', body: [json], ...options, headers: { ...headers, ...options.headers } });
}

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let service: ServerProcess & { url: string };
let dbFile: string;
let nginx: ChildProcess;
let nginxOutput = '';
let accessLog: string;

beforeAll(async () => {
  temp = await makeTempDir();
  certificate = await makeSelfSignedCertificate(temp.dir);
  dbFile = path.join(temp.dir, 'data', 'db.json');
  service = await startServer({
    DB_FILE: dbFile,
    DIST_DIR: await makeSiteFixture(temp.dir),
    ...(await settingsFrom(ENVIRONMENT_FILE, PROXY_SETTINGS)),
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT_PER_MINUTE),
    CONTACT_CHALLENGE: 'off', // the checks post as a script would
    LOG_LEVEL: 'info',
  });
  ports = { http: await freePort(), https: await freePort(), service: Number(new URL(service.url).port) };

  const nginxDir = path.join(temp.dir, 'nginx');
  await mkdir(nginxDir);
  await chmod(nginxDir, 0o755); // nginx's workers run as www-data when the tests run as root
  const siteFile = path.join(nginxDir, 'teratai-wealth.conf');
  accessLog = path.join(nginxDir, 'site-access.log');
  await writeFile(siteFile, siteFileForTest(await readFile(SITE_FILE, 'utf8'), ports, certificate, accessLog));
  const mainFile = path.join(nginxDir, 'nginx.conf');
  await writeFile(mainFile, mainConfiguration(nginxDir, siteFile));
  await promisify(execFile)(NGINX, ['-t', '-q', '-p', nginxDir, '-c', mainFile]);
  nginx = spawn(NGINX, ['-p', nginxDir, '-c', mainFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  nginx.stdout!.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
  nginx.stderr!.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
  await acceptingConnections(ports.https, nginx, () => nginxOutput);
});

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    nginx.kill('SIGTERM');
    await once(nginx, 'exit');
  }
  if (service) {
    service.child.kill('SIGTERM');
    await service.exited;
  }
  await temp?.remove();
});

describe('the service behind nginx', () => {
  it('serves a page over HTTPS, HTTP/2 offered, with HSTS once', async () => {
    const answer = await request('https');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<title>App shell</title>');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(answer.all('strict-transport-security')).toEqual([HSTS]);
    expect(answer.headers.server).toBe('nginx'); // no version

    const socket = tls.connect({
      host: '127.0.0.1',
      port: ports.https,
      servername: 'localhost',
      ca: certificate.cert,
      ALPNProtocols: ['h2', 'http/1.1'],
    });
    await once(socket, 'secureConnect');
    expect(socket.alpnProtocol).toBe('h2');
    socket.destroy();
  });

  it('sends HSTS on its own answers too', async () => {
    const tooLarge = await request('https', {
      method: 'POST',
      path: '/api/contact',
      headers: { 'content-type': 'application/json' },
      body: ['x'.repeat(40 * 1024)],
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.all('strict-transport-security')).toEqual([HSTS]);
  });

  it('redirects plain HTTP to HTTPS on the site name, whatever the Host, and sends no HSTS there', async () => {
    const answer = await request('http', { path: '/about?from=x', headers: { host: 'evil.example' } });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://${SITE_NAME}/about?from=x`);
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it('passes an enquiry on, and it is stored once', async () => {
    const message = `Through nginx ${randomUUID()}`;
    const answer = await postEnquiry(message);
    expect(answer.status, answer.text).toBe(201);
    const { id } = JSON.parse(answer.text) as { id: string };
    const stored = (await readFileStore(dbFile)).data.enquiries.filter((record) => record.message === message);
    expect(stored.map((record) => record.id)).toEqual([id]);
  });

  it('lets the rate limit count each visitor by their own address, whatever X-Forwarded-For they send', async () => {
    const visitor = '127.0.0.2';
    const another = '127.0.0.3';
    for (let index = 0; index < RATE_LIMIT_PER_MINUTE; index += 1) {
      expect((await postEnquiry(`From ${visitor} #${index}`, { from: visitor })).status).toBe(201);
    }
    expect((await postEnquiry(`From ${visitor}, over the limit`, { from: visitor })).status).toBe(429);
    // nginx appends the real address after the forged ones; the service reads only that last one.
    const forged = await postEnquiry(`From ${visitor}, forged`, {
      from: visitor,
      headers: { 'x-forwarded-for': `203.0.113.7, ${another}` },
    });
    expect(forged.status).toBe(429);
    // Nor is one visitor counted as nginx's own address, with everyone else.
    expect((await postEnquiry(`From ${another}`, { from: another })).status).toBe(201);
  });

  it('takes a slow body in itself, and passes the request on only once it is complete', async () => {
    const { json, headers } = enquiry(`Slowly ${randomUUID()}`);
    const pieces = Array.from({ length: 10 }, (_, index) => json.slice((index * json.length) / 10, ((index + 1) * json.length) / 10));
    const logFromNow = await serviceLogFromNow();
    const started = performance.now();
    const answer = await request('https', {
      method: 'POST',
      path: '/api/contact',
      headers,
      body: pieces,
      pieceIntervalMs: 150,
      from: '127.0.0.4',
    });
    const visitorMs = performance.now() - started;
    expect(answer.status, answer.text).toBe(201);

    // The service writes its request line once the answer is sent, which may be after the visitor has it.
    const requests = await until(
      () => requestLines(logFromNow(), '/api/contact'),
      (found) => found.length > 0,
    );
    expect(requests).toHaveLength(1);
    expect(visitorMs).toBeGreaterThan(1_300);
    // Unbuffered, the service would have waited the visitor's 1.35 s and more.
    expect(requests[0]!.ms).toBeLessThan(visitorMs / 3);
  });
});

describe('what nginx keeps and offers', () => {
  it('keeps the inbox’s searches and e-mail addresses, and the Referer that carries them, out of its access log', async () => {
    const from = '127.0.0.20';
    const secret = ['aisyah', 'Kamaruddin'];
    const inboxPage = `https://${SITE_NAME}/inbox/enquiries?q=Kamaruddin`;
    const requests: { path: string; headers: Record<string, string> }[] = [
      { path: '/api/inbox/requests?email=aisyah%40example.com', headers: { referer: `https://${SITE_NAME}/inbox/requests?email=aisyah` } },
      { path: '/api/inbox/requests/export?email=aisyah%40example.com&format=csv', headers: {} },
      { path: '/api/inbox/enquiries?q=Kamaruddin&status=new', headers: { referer: inboxPage } },
      { path: '/API/Inbox/enquiries?q=Kamaruddin', headers: {} },
      { path: '/inbox/enquiries?q=Kamaruddin', headers: {} },
      { path: '/inbox?q=Kamaruddin', headers: {} },
    ];
    for (const { path: target, headers } of requests) await request('https', { path: target, headers, from });
    await request('http', { path: '/inbox?email=aisyah%40example.com', from });
    // The rest of the site is logged as before, query string and Referer included.
    await request('https', { path: '/about?from=nginx-test', headers: { referer: 'https://search.example/?q=wealth' }, from });

    const log = await until(
      () => readFileSync(accessLog, 'utf8'),
      (text) => text.includes('from=nginx-test'),
    );
    const lines = log.split('\n').filter((line) => line.startsWith(`${from} `));
    expect(lines).toHaveLength(requests.length + 2);
    expect(log).toContain('"GET /api/inbox/requests/export HTTP/');
    expect(log).toContain('"GET /inbox HTTP/1.1" 301');
    expect(log).toContain('"https://search.example/?q=wealth"');
    for (const text of secret) expect(log.toLowerCase()).not.toContain(text.toLowerCase());
  });

  it('offers forward-secret ciphers only: no RSA key exchange, no CBC', async () => {
    const handshake = (ciphers: string) =>
      new Promise<string>((resolve) => {
        const socket = tls.connect({
          host: '127.0.0.1',
          port: ports.https,
          servername: 'localhost',
          ca: certificate.cert,
          ciphers,
          maxVersion: 'TLSv1.2',
        });
        socket.once('secureConnect', () => {
          resolve(socket.getCipher().standardName);
          socket.destroy();
        });
        socket.once('error', () => resolve('refused'));
      });
    expect(await handshake('AES128-GCM-SHA256')).toBe('refused');
    expect(await handshake('AES256-SHA')).toBe('refused');
    expect(await handshake('ECDHE-RSA-AES128-SHA')).toBe('refused');
    expect(await handshake('ECDHE-RSA-AES128-GCM-SHA256')).toBe('TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256');
    expect(await handshake('ECDHE-RSA-CHACHA20-POLY1305')).toBe('TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256');
  });
});

/** Requests a zone's rate may let through beside its burst while a flood is being sent. */
const FLOOD_SLACK = 5;

describe('nginx’s own request limits', () => {
  /** Who answered: the service marks every answer of its own. */
  const byService = (answer: Answer) => answer.headers[SERVICE_ANSWER_HEADER.name.toLowerCase()] === SERVICE_ANSWER_HEADER.value;
  const challenge = (from: string) => request('https', { path: '/api/contact/challenge', from });
  const signIn = (from: string) =>
    request('https', {
      method: 'POST',
      path: '/api/inbox/sign-in',
      headers: { 'content-type': 'application/json', origin: `https://localhost:${ports.https}` },
      body: [JSON.stringify({ username: 'nobody', password: 'wrong password here', code: '000000' })],
      from,
    });

  it('pass an office’s burst from one address to the service: 10 people asking for a challenge and sending, 5 signing in', async () => {
    const office = '127.0.0.30';
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => challenge(office)),
      ...Array.from({ length: 10 }, (_, index) => postEnquiry(`From the office #${index}`, { from: office })),
      ...Array.from({ length: 5 }, () => signIn(office)),
    ]);
    expect(answers.filter((answer) => !byService(answer)).map((answer) => answer.status)).toEqual([]);
  });

  it('answer a flood beyond the burst themselves, with 429, before the service sees it', async () => {
    const floods = [
      { from: '127.0.0.31', count: 60, send: (from: string, index: number) => postEnquiry(`Flood #${index}`, { from }), burst: 20 },
      { from: '127.0.0.32', count: 80, send: (from: string) => challenge(from), burst: 30 },
      { from: '127.0.0.33', count: 40, send: (from: string) => signIn(from), burst: 10 },
    ];
    for (const { from, count, send, burst } of floods) {
      const answers = await Promise.all(Array.from({ length: count }, (_, index) => send(from, index)));
      const fromNginx = answers.filter((answer) => !byService(answer));
      expect(fromNginx.map((answer) => answer.status)).toEqual(new Array(fromNginx.length).fill(429));
      // The burst, and the few the zone's rate adds while the flood arrives (a slow machine takes seconds to send it).
      expect(answers.length - fromNginx.length).toBeGreaterThanOrEqual(burst);
      expect(answers.length - fromNginx.length).toBeLessThanOrEqual(burst + FLOOD_SLACK);
    }
  });
});
