import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCALE_CODES, localisedPath } from '../contract/locales';
import { ROUTE_PATHS } from '../contract/routes';
import { BUDGETS, checkBudgets, scriptsOfHtml, staticImportsOf } from './check-budgets';

describe('scriptsOfHtml', () => {
  it('finds the module script and the modulepreloads, not other links or scripts', () => {
    const html = `<script type="module" crossorigin src="/assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-b.js">
      <link rel="stylesheet" href="/assets/index-c.css"><link rel="icon" href="/favicon.svg">
      <script type="application/ld+json">{}</script>`;
    expect(scriptsOfHtml(html)).toEqual(['assets/index-a.js', 'assets/react-b.js']);
  });
});

describe('staticImportsOf', () => {
  it('follows static imports and ignores dynamic ones', () => {
    const code = `import{a as e,b as t}from"./react-x.js";import"./side-y.js";import*as n from"./ns-z.js";const l=()=>import("./lazy-q.js");`;
    expect(staticImportsOf(code, 'assets/index-a.js')).toEqual(['assets/react-x.js', 'assets/side-y.js', 'assets/ns-z.js']);
  });
});

describe('checkBudgets', () => {
  let dist: string;
  const write = async (file: string, content: string | Buffer) => {
    await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
    await writeFile(path.join(dist, file), content);
  };

  beforeEach(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'tw-budgets-'));
    const html = '<script type="module" src="/assets/index-a.js"></script><link rel="modulepreload" href="/assets/boot-p.js">';
    for (const file of ['index.html', 'ms/index.html', 'zh/index.html']) await write(file, html);
    await write('assets/index-a.js', 'const m=()=>import("./main-m.js"),h=()=>import("./home-h.js"),a=()=>import("./about-q.js");');
    await write('assets/boot-p.js', 'export const p=1;');
    await write('assets/main-m.js', 'import{x}from"./react-b.js";const c=()=>import("./hero-carousel-c.js");');
    await write('assets/react-b.js', 'export const x=1;');
    await write('assets/home-h.js', 'import{x}from"./react-b.js";');
    await write('assets/about-q.js', 'import{x}from"./react-b.js";');
    const copies = Object.fromEntries(
      ['en', 'ms', 'zh'].flatMap((locale) => [
        [`app/content/locales/${locale}/site.ts`, { file: `assets/site-${locale}.js` }],
        [`app/content/locales/${locale}/pages/home.ts`, { file: `assets/home-copy-${locale}.js` }],
      ]),
    );
    for (const { file } of Object.values(copies)) await write(file, 'export const COPY={};');
    await write(
      '.vite/manifest.json',
      JSON.stringify({ 'app/main.tsx': { file: 'assets/main-m.js' }, 'app/routes/home.tsx': { file: 'assets/home-h.js' }, ...copies }),
    );
    await write('assets/hero-carousel-c.js', 'x'.repeat(200_000));
    await write('sw.js', 'precacheAndRoute([{"revision":"1","url":"index.html"},{"revision":null,"url":"assets/index-a.js"}])');
    await write('assets/logo.svg', '<svg/>');
  });
  afterEach(() => rm(dist, { recursive: true, force: true }));

  it('counts what the first page loads up to the app and the home page in each language, not the lazy carousel or other pages', async () => {
    const report = await checkBudgets(dist);
    expect(report.firstPages.map((page) => page.path)).toEqual(LOCALE_CODES.map((locale) => localisedPath(locale, ROUTE_PATHS.home)));
    expect(report.firstPages[1]!.files.map((file) => file.file).sort()).toEqual([
      'assets/boot-p.js',
      'assets/home-copy-ms.js',
      'assets/home-h.js',
      'assets/index-a.js',
      'assets/main-m.js',
      'assets/react-b.js',
      'assets/site-ms.js',
    ]);
    expect(report.precacheEntries).toBe(2);
    expect(report.failures).toEqual([]);
  });

  it('reports each budget that is exceeded', async () => {
    // Random bytes do not compress, so the gzip size stays over the budget.
    const noise = Buffer.from(Array.from({ length: BUDGETS.firstPageJsGzipBytes + 10_000 }, () => Math.floor(Math.random() * 256)));
    await write('assets/react-b.js', noise);
    await write('assets/photo.png', Buffer.alloc(BUDGETS.imageBytes + 1));
    await write('assets/brand.ttf', 'font');
    await write('sw.js', `[{"revision":"1","url":"assets/react-b.js"},{"revision":"1","url":"big.bin"}]`);
    await write('big.bin', Buffer.alloc(BUDGETS.precacheBytes));
    const { failures } = await checkBudgets(dist);
    expect(failures).toEqual([
      expect.stringMatching(/^JavaScript needed to show \/ is \d+ B gzip/),
      expect.stringMatching(/^JavaScript needed to show \/ms\/ is \d+ B gzip/),
      expect.stringMatching(/^JavaScript needed to show \/zh\/ is \d+ B gzip/),
      expect.stringMatching(/^the precache holds \d+ B/),
      expect.stringMatching(/^assets\/photo\.png is \d+ B/),
      'assets/brand.ttf is not a .woff2 subset',
    ]);
  });

  it('fails when the carousel is loaded with the first page', async () => {
    await write('assets/home-h.js', 'import"./hero-carousel-c.js";');
    const { failures } = await checkBudgets(dist);
    expect(failures).toContainEqual('the carousel loads with /: assets/hero-carousel-c.js');
  });
});
