/**
 * How long a browser may keep each file of the built site.
 * - /assets/*: Vite puts a content hash in every name there, so a changed
 *   file gets a new name: a year, immutable.
 * - HTML, the service worker and the web manifest:
 *   no-cache (stored, but revalidated every time), so a deploy shows at once.
 *   The revalidation compares the content-hash ETag (content-etag.ts), so a
 *   rollback to an older file shows at once too.
 * - Anything else (icons, images, robots.txt from public/): one hour. Their
 *   names carry no hash, so a longer time would keep an old icon for days.
 */
const ONE_YEAR_S = 365 * 24 * 60 * 60;
const ONE_HOUR_S = 60 * 60;

// No `public`: it only matters for answers to requests with Authorization, and the site's files need none.
export const IMMUTABLE = `max-age=${ONE_YEAR_S}, immutable`;
export const REVALIDATE = 'no-cache';
export const SHORT = `max-age=${ONE_HOUR_S}`;

const ALWAYS_REVALIDATED = new Set(['sw.js', 'manifest.webmanifest']);

/** `file` is relative to the site folder, with forward slashes. */
export function cacheControlFor(file: string): string {
  const name = file.replace(/\.(br|gz)$/, '');
  if (name.startsWith('assets/')) return IMMUTABLE;
  if (name.endsWith('.html') || ALWAYS_REVALIDATED.has(name)) return REVALIDATE;
  return SHORT;
}
