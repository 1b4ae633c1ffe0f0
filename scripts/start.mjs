/**
 * `npm start`: builds the site and the service bundle when either is missing or
 * older than its sources, then runs the service (build/service/server.mjs,
 * plain Node) and passes SIGINT/SIGTERM on to it, so that it can finish its
 * writes and release the store's lock. The service prints the URL once it
 * listens.
 *
 * With DIST_DIR set to another folder than dist/, the build is the
 * operator's business and nothing is built here.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildService, SERVICE_BUNDLE, SERVICE_SOURCES } from './build-service.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist', 'index.html');
/** What `npm run build` reads: a change to any of these makes the build stale. */
const SOURCES = ['app', 'sw', 'contract', 'config', 'scripts/site-documents.ts', 'public', 'index.html', 'vite.config.ts', 'uno.config.ts'];

/** The newest modification time under `target` (a file or a folder), 0 if it does not exist. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs; // a deleted file shows only as a newer folder
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Why `built` must be made again from `sources`, or null when it is up to date. */
function staleness(built, sources) {
  if (!existsSync(built)) return 'there is no build yet';
  const builtAt = statSync(built).mtimeMs;
  const changed = sources.find((source) => newestMtime(path.join(root, source)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

function buildSite() {
  const distDir = process.env.DIST_DIR?.trim();
  if (distDir && path.resolve(root, distDir) !== path.join(root, 'dist')) return;
  const reason = staleness(builtIndex, SOURCES);
  if (!reason) return;
  console.log(`Building the site (${reason})...`);
  // npm run build, not vite build alone: it makes the app icons first.
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The site build failed (see above); the service was not started.');
    process.exit(build.status ?? 1);
  }
}

async function buildServiceBundle() {
  const reason = staleness(SERVICE_BUNDLE, SERVICE_SOURCES);
  if (!reason) return;
  console.log(`Building the service (${reason})...`);
  await buildService();
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
