import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_PATHS } from '../contract/routes';
import { createApp } from './app';
import type { LogFields } from './log';
import { translatorFor } from './i18n';
import { logError } from './middleware/log-requests';
import { openFileStore, type FileStore } from './db/file-store';
import { listen, makeSiteFixture, makeTempDir, postJson, validEnquiry, type Running } from './test-support/fixtures';
import { skipUnless } from './test-support/skip-unless';
import { canMountSmallDisk, MORE_THAN_A_PAGE, mountSmallDisk, SMALL_DISK_NEEDS } from './test-support/small-disk';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let store: FileStore;
let server: Running;
let distDir: string;
let logged: LogFields[];

async function start(withStore: FileStore = store) {
  const app = createApp({ store: withStore, distDir, rateLimitPerMinute: 1, trustProxy: false, log: (fields) => logged.push(fields) });
  server = await listen(app);
}

/** A store whose every submission fails with `error`: a stand-in for a fault in our own code, which no real part can cause. */
function failingStore(error: Error): FileStore {
  return { ...store, submitEnquiry: () => Promise.reject(error) };
}

beforeEach(async () => {
  temp = await makeTempDir();
  distDir = await makeSiteFixture(temp.dir);
  store = await openFileStore(path.join(temp.dir, 'data', 'db.json'));
  logged = [];
});

afterEach(async () => {
  await server?.close();
  await store.close();
  await temp.remove();
});

const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;font-src 'self';" +
  "connect-src 'self';manifest-src 'self';worker-src 'self';frame-ancestors 'none';base-uri 'self';" +
  "form-action 'self';object-src 'none'";

describe('security headers', () => {
  beforeEach(() => start());

  const answers: [string, () => Promise<Response>, number][] = [
    ['a page', () => fetch(`${server.url}/`), 200],
    ['a hashed asset', () => fetch(`${server.url}/assets/index-3f9a1c2b.js`), 200],
    ['an unknown page', () => fetch(`${server.url}/nowhere`), 404],
    ['a 201', () => postJson(server.url, validEnquiry()), 201],
    ['a 400', () => postJson(server.url, {}), 400],
    ['a 405', () => fetch(`${server.url}/api/contact`), 405],
    ['an unknown API path', () => fetch(`${server.url}/api/nothing`), 404],
    ['a 415', () => fetch(`${server.url}/api/contact`, { method: 'POST', body: 'x' }), 415],
  ];

  it.each(answers)('are on %s', async (_name, request, status) => {
    const response = await request();
    expect(response.status).toBe(status);
    expect(response.headers.get('content-security-policy')).toBe(CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('x-xss-protection')).toBeNull();
    expect(response.headers.get('strict-transport-security')).toBeNull(); // plain HTTP, no proxy
  });

  it('are on a 429 too, with its Retry-After', async () => {
    await postJson(server.url, validEnquiry());
    const response = await postJson(server.url, validEnquiry());
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(response.headers.get('content-security-policy')).toBe(CSP);
  });
});

describe('failures of the service itself', () => {
  skipUnless(canMountSmallDisk, SMALL_DISK_NEEDS)(
    'answers 503 with a sentence when a full disk refuses the enquiry (needs root)',
    async () => {
      const disk = await mountSmallDisk(path.join(temp.dir, 'disk'));
      const full = await openFileStore(path.join(disk.dir, 'db.json'));
      try {
        await start(full);
        await disk.fill();
        const response = await postJson(server.url, validEnquiry({ message: MORE_THAN_A_PAGE }));
        expect(response.status).toBe(503);
        expect(await response.text()).toBe('Your message could not be saved right now. Please try again later.');
        expect(response.headers.get('cache-control')).toBe('no-store');
      } finally {
        await full.close();
        disk.unmount();
      }
    },
  );

  it('answers an unexpected fault with a sentence and logs the real error with its stack', async () => {
    await start(failingStore(new TypeError('cannot read properties of undefined')));
    const response = await postJson(server.url, validEnquiry());
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('Something went wrong on our side. Please try again later.');
    expect(response.headers.get('content-security-policy')).toBe(CSP);
    const error = logged.find((line) => line.msg === 'error');
    expect(error).toMatchObject({ level: 'error', status: 500, path: '/api/contact' });
    expect(String(error?.stack)).toContain('TypeError: cannot read properties of undefined');
  });

  it('says so in the visitor’s language, and logs it in English (as every refusal)', async () => {
    await start(failingStore(new TypeError('cannot read properties of undefined')));
    const response = await postJson(server.url, validEnquiry({ locale: 'zh' }));
    expect(response.status).toBe(500);
    expect(response.headers.get('content-language')).toBe('zh-Hans');
    expect(await response.text()).toBe(translatorFor('zh')('service.fault'));
    expect(logged.find((line) => line.msg === 'error')).toMatchObject({
      status: 500,
      error: 'Something went wrong on our side. Please try again later.',
      locale: 'zh',
    });

    const inMalay = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'ms-MY, en;q=0.5' },
      body: JSON.stringify(validEnquiry()),
    });
    // The limit here is one post a minute: the second is refused before its body is read, in Accept-Language's language.
    expect(inMalay.status).toBe(429);
    expect(inMalay.headers.get('content-language')).toBe('ms');
    expect(await inMalay.text()).toBe('Terlalu banyak mesej daripada alamat ini. Sila cuba lagi dalam seminit.');
  });
});

describe('logging', () => {
  beforeEach(() => start());

  it('writes one line per request with method, path, status and time, and one per error', async () => {
    await (await fetch(`${server.url}${ROUTE_PATHS.about}?email=private@example.com`)).text();
    await (await postJson(server.url, {})).text();
    // The request line is written when the response closes, which may come just after the client has it.
    const requests = () => logged.filter((line) => line.msg === 'request');
    await vi.waitFor(() => expect(requests()).toHaveLength(2));
    // In the order the responses closed, which is not always the order they were sent.
    expect(requests()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: 'info', method: 'GET', path: ROUTE_PATHS.about, status: 200, ms: expect.any(Number) }),
        expect.objectContaining({ level: 'info', method: 'POST', path: '/api/contact', status: 400 }),
      ]),
    );
    expect(logged.filter((line) => line.msg === 'error')).toEqual([
      expect.objectContaining({ level: 'warn', status: 400, error: 'Please enter your first name.' }),
    ]);
    expect(JSON.stringify(logged)).not.toContain('private@example.com');
  });

  it('writes a refusal in English, with the language the visitor was answered in', async () => {
    const response = await postJson(server.url, { ...validEnquiry(), email: 'x', locale: 'ms' });
    expect(await response.text()).toBe('Sila masukkan alamat e-mel yang sah.');
    expect(logged.filter((line) => line.msg === 'error')).toEqual([
      expect.objectContaining({ level: 'warn', status: 400, error: 'Please enter a valid email address.', locale: 'ms' }),
    ]);
  });
});

describe('logError', () => {
  it('writes nothing for a client that hung up after the headers (the request line says aborted)', () => {
    const lines: LogFields[] = [];
    const gone = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE', headerSent: true });
    logError((fields) => lines.push(fields))(gone);
    expect(lines).toEqual([]);
  });
});
