/**
 * `npm run bench:web`: Lighthouse 12.8 against the built site (`npm run build`
 * first), served by the product's own server on 127.0.0.1 with a throw-away
 * data file. Each route is measured with the mobile (default) and desktop
 * presets, BENCH_RUNS times each (default 3), every run in a fresh Chromium
 * profile (a first visit). Prints the median of each category score and of
 * LCP, TBT and CLS, and the audits that cost points. A measurement, not a
 * test: it never fails on a score.
 *
 * CHROMIUM_PATH (default /usr/bin/chromium), BENCH_RUNS, BENCH_ROUTES (e.g. "/,/about"),
 * BENCH_PRESETS (e.g. "mobile").
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_PATH } from '../config/chromium';
import { LOCALISED_ROUTE_PATHS } from '../contract/routes';
import { routeFileName } from './route-file-name';
import { makeTempDir } from '../service/test-support/fixtures';
import { startServer } from '../service/test-support/server-process';
import { median } from './median';

const run = promisify(execFile);
const LIGHTHOUSE_CLI = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ROUTES = process.env.BENCH_ROUTES?.split(',') ?? [...LOCALISED_ROUTE_PATHS];
const ALL_PRESETS = ['mobile', 'desktop'] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const REPORT_DIR = path.resolve('.bench');

type Preset = (typeof ALL_PRESETS)[number];
const PRESETS = ALL_PRESETS.filter((preset) => process.env.BENCH_PRESETS?.split(',').includes(preset) ?? true);

interface Figures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  siMs: number;
  /** Audits scored below 1 that count towards a category, as "id (score)". */
  losses: string[];
}

interface LighthouseReport {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; numericValue?: number; scoreDisplayMode: string }>;
  runtimeError?: { code: string; message: string };
}

function figuresOf(report: LighthouseReport): Figures {
  if (report.runtimeError) throw new Error(`Lighthouse: ${report.runtimeError.code} ${report.runtimeError.message}`);
  const numeric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const losses = CATEGORIES.flatMap((category) =>
    report.categories[category]!.auditRefs.filter((ref) => ref.weight > 0)
      .map((ref) => ({ id: ref.id, audit: report.audits[ref.id]! }))
      .filter(({ audit }) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
      .map(({ id, audit }) => `${category}/${id} (${audit.score})`),
  );
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((report.categories[c]!.score ?? 0) * 100)])) as Figures['scores'],
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
    siMs: numeric('speed-index'),
    losses,
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is repeated, twice at most. */
const ATTEMPTS = 3;

async function lighthouse(url: string, preset: Preset, outputPath: string): Promise<Figures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, preset, outputPath);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.warn(`retrying ${preset} ${url}: ${(error as Error).message.split('\n').find((line) => line.includes('error')) ?? error}`);
    }
  }
}

async function lighthouseOnce(url: string, preset: Preset, outputPath: string): Promise<Figures> {
  const args = [
    LIGHTHOUSE_CLI,
    url,
    '--output=json',
    `--output-path=${outputPath}`,
    '--quiet',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  await run(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 64 * 1024 * 1024 });
  return figuresOf(JSON.parse(await readFile(outputPath, 'utf8')) as LighthouseReport);
}

function row(cells: (string | number)[]): string {
  return cells.map((cell, i) => String(cell).padEnd(i === 0 ? 12 : 9)).join(' ');
}

async function main() {
  const temp = await makeTempDir();
  await mkdir(REPORT_DIR, { recursive: true });
  const server = await startServer({ DB_FILE: path.join(temp.dir, 'db.json'), RATE_LIMIT_PER_MINUTE: '0' });
  const results: { route: string; preset: Preset; runs: Figures[] }[] = [];
  try {
    console.log(`Lighthouse on ${server.url}, ${RUNS} runs per route and preset\n`);
    for (const preset of PRESETS) {
      for (const route of ROUTES) {
        const runs: Figures[] = [];
        for (let i = 0; i < RUNS; i += 1) {
          const file = path.join(REPORT_DIR, `lighthouse-${preset}-${routeFileName(route)}-${i + 1}.json`);
          runs.push(await lighthouse(`${server.url}${route}`, preset, file));
        }
        results.push({ route, preset, runs });
        process.stdout.write(`measured ${preset} ${route}\n`);
      }
    }
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await temp.remove();
  }

  const lines = [
    '',
    row(['route', 'preset', 'perf', 'a11y', 'bp', 'seo', 'FCP ms', 'LCP ms', 'SI ms', 'TBT ms', 'CLS']),
    ...results.map(({ route, preset, runs }) =>
      row([
        route,
        preset,
        ...CATEGORIES.map((category) => median(runs.map((r) => r.scores[category]))),
        Math.round(median(runs.map((r) => r.fcpMs))),
        Math.round(median(runs.map((r) => r.lcpMs))),
        Math.round(median(runs.map((r) => r.siMs))),
        Math.round(median(runs.map((r) => r.tbtMs))),
        median(runs.map((r) => r.cls)).toFixed(3),
      ]),
    ),
  ];
  const losses = [
    ...new Set(results.flatMap(({ route, preset, runs }) => runs.flatMap((r) => r.losses.map((loss) => `${preset} ${route}: ${loss}`)))),
  ];
  lines.push('', losses.length ? `Audits below full score (any run):\n  ${losses.join('\n  ')}` : 'No audit below full score in any run.');
  console.log(lines.join('\n'));
  await writeFile(path.join(REPORT_DIR, 'bench-web.json'), JSON.stringify(results, null, 2));
}

await main();
