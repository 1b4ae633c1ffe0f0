/**
 * SITE_URL: the public origin the site is published at (build-time env). The
 * canonical links, Open Graph URLs, the sitemap and robots.txt are written
 * with it, so set it when building for a real host:
 *   SITE_URL=https://www.example.com npm run build
 */
export const DEFAULT_SITE_URL = 'https://www.teratai-wealth.example';

/** Reads SITE_URL (default above); throws on anything but an http(s) origin with an optional path. */
export function readSiteUrl(env: Record<string, string | undefined> = process.env): string {
  const raw = env.SITE_URL?.trim() || DEFAULT_SITE_URL;
  let url: URL;
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
