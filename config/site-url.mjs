import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * SITE_URL: the public origin the site is published at (build-time env). The
 * canonical links, Open Graph URLs, the sitemap and robots.txt are written
 * with it, so set it when building for a real host:
 *   SITE_URL=https://www.example.com npm run build
 * Plain JavaScript, so that `npm start` (scripts/start.mjs) reads it the way
 * the build does and rebuilds a site built for another address.
 */
export const DEFAULT_SITE_URL = 'https://www.teratai-wealth.example';

/** Reads SITE_URL (default above); throws on anything but an http(s) origin with an optional path. */
export function readSiteUrl(env = process.env) {
  const raw = env.SITE_URL?.trim() || DEFAULT_SITE_URL;
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`Invalid env provided: SITE_URL must be an absolute http(s) URL, got "${raw}".`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`Invalid env provided: SITE_URL must use http or https, got "${raw}".`);
  }
  if (url.search || url.hash) throw new Error(`Invalid env provided: SITE_URL takes no query or fragment, got "${raw}".`);
  // Canonical URLs are written as SITE_URL + path, so keep no trailing slash.
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/**
 * Why the site built in `distDir` must be built again for the address SITE_URL
 * names now, or null when it was built for that address. The built address is
 * read from the `Sitemap:` line of its robots.txt (scripts/site-documents.ts).
 */
export function siteUrlChange(distDir, env = process.env) {
  const siteUrl = readSiteUrl(env);
  const robots = path.join(distDir, 'robots.txt');
  const built = existsSync(robots) ? /^Sitemap: (.*)\/sitemap\.xml$/m.exec(readFileSync(robots, 'utf8'))?.[1] : undefined;
  return built === siteUrl ? null : `it was built for ${built ?? 'an unknown address'}, and SITE_URL is ${siteUrl}`;
}
