/**
 * Whether a build of the site is older than its sources: `npm start` rebuilds
 * dist/ when it is, and `npm test` and Playwright skip a build that is not.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteUrlChange } from '../config/site-url.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What the site build does not read. Everything else in the repository counts
 * as its source, so a new or renamed file can only cause an unneeded build,
 * never a stale one: the build's own outputs (the folders .gitignore names),
 * the service, the tests and the documentation.
 */
const NOT_SITE_SOURCES = new Set([
  '.git',
  '.ci',
  'service',
  'tests',
  'docs',
  'README.md',
  ...readFileSync(path.join(root, '.gitignore'), 'utf8')
    .split('\n')
    .filter((line) => /^[\w.-]+\/$/.test(line.trim()))
    .map((line) => line.trim().slice(0, -1)),
]);

/** The newest modification time under `target` (a file or a folder), 0 if it does not exist. */
function newestMtime(target) {
  if (!existsSync(target)) return Infinity; // a file the last build read is gone
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs; // a deleted file shows only as a newer folder
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Why `built` must be made again from `sources` (paths relative to the repository), or null when it is up to date. */
export function staleness(built, sources) {
  if (!existsSync(built)) return 'there is no build yet';
  const builtAt = statSync(built).mtimeMs;
  const changed = sources.find((source) => newestMtime(path.join(root, source)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

/** The site build's sources: the repository's top-level entries, less what it does not read. */
export function siteSources() {
  return readdirSync(root).filter((name) => !NOT_SITE_SOURCES.has(name) && !name.endsWith('.tsbuildinfo'));
}

/** Why the site built in `dir` must be built again, or null when it is newer than every source and made for SITE_URL. */
export function siteBuildStaleness(dir) {
  return staleness(path.join(dir, 'index.html'), siteSources()) ?? siteUrlChange(dir);
}

/** Where `npm run build:development` puts the development build (React's, with its hydration warnings). */
export const DEV_BUILD_DIR = path.join(root, 'build', 'dist-development');
