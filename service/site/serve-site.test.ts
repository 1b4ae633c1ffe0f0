import { rm, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localisedPath } from '../../contract/locales';
import { APP_ROUTE_PATHS, ROUTE_PATHS } from '../../contract/routes';
import { createApp } from '../app';
import { silentLog } from '../log';
import { MALAY_NOT_FOUND_PAGE, NOT_FOUND_PAGE, SITE_FILES, listen, makeSiteFixture, type Running } from '../test-support/fixtures';
import { useSiteAndStore } from '../test-support/per-test';
import { checkSiteBuilt, SiteNotBuiltError } from './serve-site';

const site = useSiteAndStore();
let server: Running;

async function start({ with404 = false } = {}) {
  if (with404) await makeSiteFixture(site.dir, { with404 });
  server = await listen(createApp({ store: site.store, distDir: site.distDir, rateLimitPerMinute: 0, trustProxy: false, log: silentLog }));
}

afterEach(async () => {
  await server?.close();
});

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${server.url}${pathname}`, { headers });

/**
 * A GET through node:http, for what fetch() hides: it decodes compressed
 * bodies, and it adds Cache-Control: no-cache to conditional requests.
 */
function rawGet(pathname: string, headers: Record<string, string>) {
  return new Promise<{ status?: number; encoding?: string; etag?: string; body: Buffer }>((resolve, reject) => {
    http
      .get(`${server.url}${pathname}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            encoding: response.headers['content-encoding'],
            etag: response.headers.etag,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

describe('cache headers', () => {
  beforeEach(() => start());

  it.each([
    ['/assets/index-3f9a1c2b.js', 'max-age=31536000, immutable'],
    [ROUTE_PATHS.home, 'no-cache'],
    ['/index.html', 'no-cache'],
    [ROUTE_PATHS.about, 'no-cache'],
    ['/sw.js', 'no-cache'],
    ['/manifest.webmanifest', 'no-cache'],
    ['/icons/icon-192.png', 'max-age=3600'],
    ['/no-such-page', 'no-cache'],
  ])('%s → Cache-Control: %s', async (pathname, cacheControl) => {
    const response = await get(pathname);
    expect(response.headers.get('cache-control')).toBe(cacheControl);
  });

  it('answers 304 to a browser that holds the current file', async () => {
    const first = await get('/sw.js');
    const lastModified = first.headers.get('last-modified')!;
    const second = await rawGet('/sw.js', { 'if-modified-since': lastModified });
    expect(second.status).toBe(304);
    expect(second.body.length).toBe(0);
  });
});

describe('content-hash ETags', () => {
  beforeEach(() => start());

  const A_YEAR_AGO = new Date(Date.now() - 365 * 24 * 60 * 60 * 1000);
  const IN_AN_HOUR = new Date(Date.now() + 60 * 60 * 1000);

  it.each([
    ROUTE_PATHS.home,
    ROUTE_PATHS.about,
    ROUTE_PATHS.contact,
    '/sw.js',
    '/manifest.webmanifest',
    '/icons/icon-192.png',
    '/assets/index-3f9a1c2b.js',
  ])('%s has a weak ETag of its content', async (pathname) => {
    const response = await get(pathname);
    expect(response.headers.get('etag')).toMatch(/^W\/"[\w-]{43}"$/);
  });

  it('gives different files different ETags and the same file the same one', async () => {
    const etagOf = async (pathname: string) => (await get(pathname)).headers.get('etag');
    expect(await etagOf(ROUTE_PATHS.home)).toBe(await etagOf(ROUTE_PATHS.contact)); // both are index.html
    expect(await etagOf(ROUTE_PATHS.home)).not.toBe(await etagOf('/sw.js'));
  });

  it('answers 304 when If-None-Match names the current content', async () => {
    const { etag } = await rawGet('/sw.js', {});
    const second = await rawGet('/sw.js', { 'if-none-match': `"other", ${etag!}` });
    expect(second.status).toBe(304);
    expect(second.body.length).toBe(0);
  });

  /** The validators a browser sends back: the ETag it was given, if any, and the Last-Modified. */
  function validatorsOf(response: Response): Record<string, string> {
    const etag = response.headers.get('etag');
    return { ...(etag ? { 'if-none-match': etag } : {}), 'if-modified-since': response.headers.get('last-modified')! };
  }

  it('after a rollback to an older file, answers 200 with it although If-Modified-Since says "not modified"', async () => {
    const held = await get('/sw.js');
    const rolledBack = 'self.addEventListener("install", () => { /* the previous release */ });\n';
    await writeFile(path.join(site.distDir, 'sw.js'), rolledBack);
    await utimes(path.join(site.distDir, 'sw.js'), A_YEAR_AGO, A_YEAR_AGO);

    const revalidated = await rawGet('/sw.js', validatorsOf(held));
    expect(revalidated.status).toBe(200);
    expect(revalidated.body.toString()).toBe(rolledBack);
    expect(revalidated.etag).not.toBe(held.headers.get('etag'));
  });

  it('sees a change that kept the size and the mtime (only the ctime moved)', async () => {
    const file = path.join(site.distDir, 'sw.js');
    const WHOLE_SECOND = new Date('2025-01-01T00:00:00Z'); // utimes can set it back exactly
    await utimes(file, WHOLE_SECOND, WHOLE_SECOND);
    const held = await get('/sw.js');
    const sameLength = SITE_FILES['sw.js'].replace('install', 'INSTALL');
    await writeFile(file, sameLength);
    await utimes(file, WHOLE_SECOND, WHOLE_SECOND);

    const revalidated = await rawGet('/sw.js', validatorsOf(held));
    expect(revalidated.status).toBe(200);
    expect(revalidated.body.toString()).toBe(sameLength);
  });

  it('lets a matching If-None-Match win over an If-Modified-Since that is older than the file', async () => {
    const first = await get('/manifest.webmanifest');
    const heldEtag = first.headers.get('etag')!;
    // Deployed again with the same content: a newer mtime, the same bytes.
    await writeFile(path.join(site.distDir, 'manifest.webmanifest'), SITE_FILES['manifest.webmanifest']);
    await utimes(path.join(site.distDir, 'manifest.webmanifest'), IN_AN_HOUR, IN_AN_HOUR);

    const revalidated = await rawGet('/manifest.webmanifest', {
      'if-none-match': heldEtag,
      'if-modified-since': first.headers.get('last-modified')!,
    });
    expect(revalidated.status).toBe(304);
  });

  it('revalidates an app route the same way (the app shell it is answered with)', async () => {
    const { etag } = await rawGet(ROUTE_PATHS.contact, {});
    expect((await rawGet(ROUTE_PATHS.contact, { 'if-none-match': etag! })).status).toBe(304);
    await writeFile(path.join(site.distDir, 'index.html'), '<!doctype html><title>Rolled back</title>');
    await utimes(path.join(site.distDir, 'index.html'), A_YEAR_AGO, A_YEAR_AGO);
    const revalidated = await rawGet(ROUTE_PATHS.contact, { 'if-none-match': etag! });
    expect(revalidated.status).toBe(200);
    expect(revalidated.body.toString()).toBe('<!doctype html><title>Rolled back</title>');
  });
});

describe('routes', () => {
  beforeEach(() => start());

  it.each(APP_ROUTE_PATHS.filter((route) => route !== ROUTE_PATHS.about))('%s → 200 with the app shell', async (route) => {
    const response = await get(route);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe(SITE_FILES['index.html']);
  });

  it('serves a prerendered route from its own index.html, with or without a trailing slash', async () => {
    for (const pathname of [ROUTE_PATHS.about, `${ROUTE_PATHS.about}/`]) {
      const response = await get(pathname);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(SITE_FILES['about/index.html']);
    }
  });

  it.each(['/no-such-page', '/about/team', '/assets', '/assets/missing.js', '/.env', '/%2e%2e/package.json'])(
    '%s → 404 with the app, which shows its 404 page',
    async (pathname) => {
      const response = await get(pathname);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toBe(SITE_FILES['index.html']);
    },
  );

  it('answers a malformed address with a 400 sentence', async () => {
    const response = await get('/%E0%A4%A');
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('This address is not valid.');
  });

  it.each([
    ['/zh/..%2f..%2fetc%2fpasswd', 403, '此网址无效。'],
    ['/ms/a%00b', 400, 'Alamat ini tidak sah.'],
    ['/..%2fpackage.json', 403, 'This address is not valid.'],
  ])('answers %s, a path the file server refuses, with %i and the sentence in its language', async (pathname, status, sentence) => {
    const response = await get(pathname);
    expect(response.status).toBe(status);
    expect(await response.text()).toBe(sentence);
  });

  it('answers POST to a page with 405 and Allow: GET, HEAD', async () => {
    const response = await fetch(`${server.url}${ROUTE_PATHS.contact}`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it.each([
    '/ms',
    localisedPath('ms', ROUTE_PATHS.home),
    localisedPath('ms', ROUTE_PATHS.contact),
    '/zh/services/',
    localisedPath('zh', ROUTE_PATHS.privacy),
  ])('%s, a route in another language → 200 with the app shell', async (pathname) => {
    const response = await get(pathname);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(SITE_FILES['index.html']);
  });

  it('serves a prerendered page of another language from its own file', async () => {
    const response = await get('/ms/about/');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(SITE_FILES['ms/about/index.html']);
  });

  it.each(['/fr/about', '/en/about', '/ms/no-such-page', '/zh/about/team'])('%s → 404', async (pathname) => {
    expect((await get(pathname)).status).toBe(404);
  });

  it('refuses in the language of the page’s path, whatever the browser prefers', async () => {
    const malay = await fetch(`${server.url}${localisedPath('ms', ROUTE_PATHS.contact)}`, {
      method: 'POST',
      body: 'x',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(malay.status).toBe(405);
    expect(malay.headers.get('content-language')).toBe('ms');
    expect(await malay.text()).toBe('Alamat ini hanya menjawab GET dan HEAD.');
    const english = await fetch(`${server.url}${ROUTE_PATHS.contact}`, { method: 'DELETE', headers: { 'accept-language': 'zh-CN' } });
    expect(await english.text()).toBe('This address only answers GET and HEAD.');
    expect(await (await get('/zh/%E0%A4%A')).text()).toBe('此网址无效。');
  });

  it('answers HEAD like GET, without a body', async () => {
    const response = await fetch(`${server.url}${ROUTE_PATHS.contact}`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});

describe('the staff inbox', () => {
  beforeEach(() => start());

  it.each(['/inbox', '/inbox/', '/inbox/enquiries/TW-1FB19480', '/inbox/account?x=1', '/inbox.html'])(
    '%s → 200 with inbox.html, kept by no cache, listed by no search engine, under a stricter CSP',
    async (pathname) => {
      const response = await get(pathname);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toBe(SITE_FILES['inbox.html']);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('last-modified')).toBeNull();
      const policy = Object.fromEntries(
        response.headers
          .get('content-security-policy')!
          .split(';')
          .map((directive) => directive.trim().split(' '))
          .map(([name, ...values]) => [name, values.join(' ')]),
      );
      expect(policy).toMatchObject({
        'default-src': "'self'",
        'script-src': "'self'",
        'style-src': "'self'",
        'img-src': "'self' data:",
        'connect-src': "'self'",
        'worker-src': "'none'",
        'frame-ancestors': "'none'",
        'form-action': "'self'",
        'object-src': "'none'",
        'base-uri': "'self'",
        'require-trusted-types-for': "'script'",
      });
    },
  );

  it.each(['/inboxes', '/inbox-old', '/ms/inbox'])('%s is not the inbox', async (pathname) => {
    const response = await get(pathname);
    expect(response.status).toBe(404);
    expect(response.headers.get('x-robots-tag')).toBeNull();
  });

  it('answers POST to the inbox page with 405', async () => {
    const response = await fetch(`${server.url}/inbox`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('a build replaced while the service runs', () => {
  it('answers 503 with a sentence while index.html is missing, without naming paths', async () => {
    await start();
    await rm(path.join(site.distDir, 'index.html'));
    const response = await get(ROUTE_PATHS.contact);
    expect(response.status).toBe(503);
    expect(await response.text()).toBe('The site is being updated. Please try again in a minute.');
    const chinese = await get(localisedPath('zh', ROUTE_PATHS.contact));
    expect(chinese.status).toBe(503);
    expect(await chinese.text()).toBe('网站正在更新，请一分钟后再试。');
  });
});

describe('404.html', () => {
  it('is preferred for unknown paths when the build has one', async () => {
    await start({ with404: true });
    const response = await get('/no-such-page');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(NOT_FOUND_PAGE);
  });

  it('is the one of the path’s language: ms/404.html for /ms/…, else 404.html', async () => {
    await start({ with404: true });
    const malay = await get('/ms/no-such-page', { 'accept-language': 'zh-CN' });
    expect(malay.status).toBe(404);
    expect(await malay.text()).toBe(MALAY_NOT_FOUND_PAGE);
    expect(await (await get('/ms/about/team')).text()).toBe(MALAY_NOT_FOUND_PAGE);
    // The build has no zh/404.html here: the default language's.
    const chinese = await get('/zh/no-such-page');
    expect(chinese.status).toBe(404);
    expect(await chinese.text()).toBe(NOT_FOUND_PAGE);
    // A language the site does not have is a path of the default language.
    expect(await (await get('/fr/about')).text()).toBe(NOT_FOUND_PAGE);
  });

  it('falls back to the app shell when the build has none', async () => {
    await start();
    const response = await get('/ms/no-such-page');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(SITE_FILES['index.html']);
  });
});

describe('compression', () => {
  beforeEach(() => start());

  it('compresses text above 1 KB for a client that accepts it', async () => {
    const bytes = await rawGet('/assets/index-3f9a1c2b.js', { 'accept-encoding': 'gzip' });
    expect(bytes.encoding).toBe('gzip');
    expect(bytes.body.length).toBeLessThan(SITE_FILES['assets/index-3f9a1c2b.js'].length / 4);
    expect(gunzipSync(bytes.body).toString()).toBe(SITE_FILES['assets/index-3f9a1c2b.js']);
  });

  it('leaves small answers alone', async () => {
    const response = await get('/sw.js', { 'accept-encoding': 'gzip' });
    expect(response.headers.get('content-encoding')).toBeNull();
  });
});

describe('checkSiteBuilt', () => {
  it('tells the operator to build when index.html is missing', async () => {
    await expect(checkSiteBuilt(site.distDir)).resolves.toBeUndefined();
    await rm(path.join(site.distDir, 'index.html'));
    await expect(checkSiteBuilt(site.distDir)).rejects.toThrow(SiteNotBuiltError);
    await expect(checkSiteBuilt(site.distDir)).rejects.toThrow('Run `npm run build` first');
  });
});
