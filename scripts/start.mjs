/**
 * `npm start`: builds the site and the service bundle when either is missing or
 * older than its sources, then runs the service (build/service/server.mjs,
 * plain Node) and passes SIGINT/SIGTERM on to it, so that it can finish its
 * writes and release the store's lock. The builds say one line each (their
 * own output only when they fail), and the service prints its URL last.
 *
 * The site is also rebuilt when SITE_URL names another address than the one
 * it was built for. With DIST_DIR set to another folder than dist/, the build
 * is the operator's business and nothing is built here.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildService, SERVICE_BUNDLE, SERVICE_INPUTS } from './build-service.mjs';
import { root, siteBuildStaleness, staleness } from './site-staleness.mjs';

function serviceInputs() {
  return existsSync(SERVICE_INPUTS) ? JSON.parse(readFileSync(SERVICE_INPUTS, 'utf8')) : null;
}

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function buildSite() {
  const distDir = process.env.DIST_DIR?.trim();
  if (distDir && path.resolve(root, distDir) !== path.join(root, 'dist')) return;
  let reason;
  try {
    reason = siteBuildStaleness(path.join(root, 'dist'));
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  if (!reason) return;
  process.stdout.write(`Building the site (${reason})... `);
  const started = performance.now();
  // npm run build, not vite build alone: it makes the app icons first.
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (build.status !== 0) {
    process.stdout.write('failed.\n');
    process.stderr.write(`${build.stdout}${build.stderr}\nThe site build failed (see above); the service was not started.\n`);
    process.exit(build.status ?? 1);
  }
  const pages = readdirSync(path.join(root, 'dist'), { recursive: true }).filter((name) => String(name).endsWith('.html')).length;
  process.stdout.write(`done in ${seconds(started)}: ${pages} pages in dist/.\n`);
}

async function buildServiceBundle() {
  const inputs = serviceInputs();
  const reason = inputs ? staleness(SERVICE_BUNDLE, inputs) : 'there is no build yet';
  if (!reason) return;
  process.stdout.write(`Building the service (${reason})... `);
  const started = performance.now();
  await buildService();
  process.stdout.write(`done in ${seconds(started)}.\n`);
}

function runService() {
  const service = spawn(process.execPath, ['--enable-source-maps', SERVICE_BUNDLE], {
    cwd: root,
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    // Ctrl+C in a terminal signals both processes; the service ignores a repeat.
    process.on(signal, () => service.kill(signal));
  }
  service.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

buildSite();
await buildServiceBundle();
runService();
