/**
 * The speed budgets of the built site (docs/web-performance.md), read from the build output
 * (deterministic: sizes, not timings). `npm run check:budgets` prints them and
 * fails when one is over; tests/e2e/budgets.spec.ts asserts the same.
 *
 * "JavaScript needed to show /" is what the browser loads for the home page up
 * to the moment the app has taken it over, in each language (/, /ms/, /zh/):
 * the module script and modulepreloads of the page's HTML (the start-up
 * script), then what the start-up script and the app import for it (found
 * through Vite's manifest): the app, the home page's module, the language's
 * site copy and home page copy; and every chunk those
 * import statically. Other lazy chunks (import()) are not in it.
 *
 * Weight nobody asked for fails it too: a rule in the site's stylesheet for a
 * class no source writes (unwritten-classes.ts).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { LOCALE_CODES, type Locale, localisedPath } from '../contract/locales';
import { routePageFile } from '../contract/routes';
import { sourcesText, unwrittenClasses } from './unwritten-classes';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

export const BUDGETS = {
  /** gzip bytes of the JavaScript needed to show / */
  firstPageJsGzipBytes: 100 * 1024,
  /** bytes of everything the service worker precaches: every page in every language */
  precacheBytes: 2 * 1024 * 1024,
  /** bytes of any one image */
  imageBytes: 150 * 1024,
} as const;

/** The modules the start-up script and the app import for the home page in `locale`, before the app takes it over. */
function homePageModules(locale: Locale): string[] {
  return ['app/main.tsx', 'app/routes/home.tsx', `app/content/locales/${locale}/site.ts`, `app/content/locales/${locale}/pages/home.ts`];
}
const MANIFEST_FILE = '.vite/manifest.json';

const IMAGE_FILE = /\.(png|jpe?g|webp|avif|gif|svg|ico)$/i;
const FONT_FILE = /\.(woff2?|ttf|otf|eot)$/i;

export interface FileSize {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

/** The JavaScript the home page needs in one language. */
export interface FirstPage {
  readonly path: string;
  readonly files: readonly FileSize[];
  readonly gzipBytes: number;
}

export interface BudgetReport {
  readonly firstPages: readonly FirstPage[];
  readonly precacheBytes: number;
  readonly precacheEntries: number;
  readonly images: readonly FileSize[];
  readonly fonts: readonly string[];
  readonly failures: readonly string[];
}

/** The script and modulepreload URLs of an HTML page, as paths inside the site. */
export function scriptsOfHtml(html: string): string[] {
  const urls = new Set<string>();
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const isModuleScript = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isModuleScript || isPreload) && url?.startsWith('/')) urls.add(url.slice(1));
  }
  return [...urls];
}

/** The stylesheets an HTML page links, as paths inside the site. */
export function stylesheetsOfHtml(html: string): string[] {
  return (html.match(/<link\b[^>]*\brel="stylesheet"[^>]*>/g) ?? [])
    .map((tag) => /\bhref="\/([^"]+)"/.exec(tag)?.[1])
    .filter((file) => file !== undefined);
}

/** The chunks a built ES module imports statically (`import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`), not import(). */
export function staticImportsOf(code: string, file: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g)) {
    const specifier = match[1]!;
    if (specifier.startsWith('.')) found.add(path.posix.join(path.posix.dirname(file), specifier));
  }
  return [...found];
}

async function sizeOf(distDir: string, file: string): Promise<FileSize> {
  const content = await readFile(path.join(distDir, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content).length };
}

/** The built files of source modules, from Vite's manifest ({"app/main.tsx": {"file": "assets/main-x.js"}, ...}). */
async function builtFilesOf(distDir: string, modules: readonly string[]): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(distDir, MANIFEST_FILE), 'utf8')) as Record<string, { file: string }>;
  return modules.map((module) => {
    const entry = manifest[module];
    if (!entry) throw new Error(`${MANIFEST_FILE} has no entry for ${module}`);
    return entry.file;
  });
}

/** Every JavaScript file the page of `htmlFile` needs until the app has taken it over (`appModules` being what it imports for that). */
async function firstPageScripts(distDir: string, htmlFile: string, appModules: readonly string[]): Promise<FileSize[]> {
  const pending = [...scriptsOfHtml(await readFile(path.join(distDir, htmlFile), 'utf8')), ...(await builtFilesOf(distDir, appModules))];
  const seen = new Set<string>();
  const sizes: FileSize[] = [];
  while (pending.length > 0) {
    const file = pending.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    sizes.push(await sizeOf(distDir, file));
    pending.push(...staticImportsOf(await readFile(path.join(distDir, file), 'utf8'), file));
  }
  return sizes;
}

/** The precache list injected into sw.js: [{url, revision}, ...]. */
function precacheUrlsOf(swCode: string): string[] {
  return [...swCode.matchAll(/"url":\s*"([^"]+)"/g)].map((match) => match[1]!);
}

async function listFiles(dir: string, base = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? listFiles(full, base) : [path.relative(base, full).split(path.sep).join('/')];
    }),
  );
  return nested.flat();
}

export async function checkBudgets(distDir: string): Promise<BudgetReport> {
  const firstPages = await Promise.all(
    LOCALE_CODES.map(async (locale): Promise<FirstPage> => {
      const path = localisedPath(locale, '/');
      const files = await firstPageScripts(distDir, routePageFile(path), homePageModules(locale));
      return { path, files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
    }),
  );

  const precached = precacheUrlsOf(await readFile(path.join(distDir, 'sw.js'), 'utf8'));
  const precacheSizes = await Promise.all(precached.map(async (url) => (await stat(path.join(distDir, url))).size));
  const precacheBytes = precacheSizes.reduce((sum, size) => sum + size, 0);

  const files = await listFiles(distDir);
  const images = await Promise.all(files.filter((file) => IMAGE_FILE.test(file)).map((file) => sizeOf(distDir, file)));
  const fonts = files.filter((file) => FONT_FILE.test(file));

  const failures: string[] = [];
  for (const page of firstPages) {
    if (page.gzipBytes > BUDGETS.firstPageJsGzipBytes) {
      failures.push(`JavaScript needed to show ${page.path} is ${page.gzipBytes} B gzip (budget ${BUDGETS.firstPageJsGzipBytes} B)`);
    }
    const carousel = page.files.filter((file) => /carousel|swiper/i.test(file.file));
    if (carousel.length > 0) failures.push(`the carousel loads with ${page.path}: ${carousel.map((f) => f.file).join(', ')}`);
  }
  if (precacheBytes > BUDGETS.precacheBytes) {
    failures.push(`the precache holds ${precacheBytes} B (budget ${BUDGETS.precacheBytes} B)`);
  }
  for (const image of images) {
    if (image.bytes > BUDGETS.imageBytes) failures.push(`${image.file} is ${image.bytes} B (budget ${BUDGETS.imageBytes} B)`);
  }
  // The site uses the system font stack; a font file would have to be a self-hosted subset (.woff2).
  for (const font of fonts) if (!font.endsWith('.woff2')) failures.push(`${font} is not a .woff2 subset`);
  const sources = await sourcesText(REPO_ROOT);
  for (const sheet of stylesheetsOfHtml(await readFile(path.join(distDir, 'index.html'), 'utf8'))) {
    const unwritten = unwrittenClasses(await readFile(path.join(distDir, sheet), 'utf8'), sources);
    if (unwritten.length > 0) failures.push(`${sheet} has rules for classes no source writes: ${unwritten.join(', ')}`);
  }

  return { firstPages, precacheBytes, precacheEntries: precached.length, images, fonts, failures };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export function formatReport(report: BudgetReport): string {
  const lines = [
    ...report.firstPages.flatMap((page) => [
      `JavaScript needed to show ${page.path}: ${kib(page.gzipBytes)} gzip in ${page.files.length} files (budget ${kib(BUDGETS.firstPageJsGzipBytes)})`,
      ...[...page.files].sort((a, b) => b.gzipBytes - a.gzipBytes).map((f) => `  ${kib(f.gzipBytes).padStart(10)}  ${f.file}`),
    ]),
    `Precache: ${kib(report.precacheBytes)} in ${report.precacheEntries} entries (budget ${kib(BUDGETS.precacheBytes)})`,
    `Largest image: ${[...report.images].sort((a, b) => b.bytes - a.bytes).map((f) => `${f.file} ${kib(f.bytes)}`)[0] ?? 'none'} (budget ${kib(BUDGETS.imageBytes)} each)`,
    `Fonts: ${report.fonts.length === 0 ? 'none (system font stack)' : report.fonts.join(', ')}`,
  ];
  lines.push(report.failures.length === 0 ? 'All budgets met.' : `Over budget:\n${report.failures.map((f) => `  - ${f}`).join('\n')}`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await checkBudgets(path.resolve(process.argv[2] ?? 'dist'));
  console.log(formatReport(report));
  process.exitCode = report.failures.length === 0 ? 0 : 1;
}
