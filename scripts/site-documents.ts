/**
 * The text of the files the prerenderer writes (config/prerender.ts): each
 * page's HTML from the built index.html and React's output, plus sitemap.xml
 * and robots.txt. Pure functions, so their rules are tested without a build.
 */

const HOISTED_TAG = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)/;

/**
 * React renders a page's <title>, <meta> and <link> elements ahead of its
 * markup when the root is not a whole document. Splits them off, so they go
 * into <head>, where the browser (and React, when it hydrates) look for them.
 */
export function splitHoistedHead(html: string): { head: string; body: string } {
  let rest = html;
  const tags: string[] = [];
  for (let match = HOISTED_TAG.exec(rest); match; match = HOISTED_TAG.exec(rest)) {
    tags.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  return { head: tags.join('\n    '), body: rest };
}

/** A JSON-LD block; `<` is escaped so the data can never close the script element. */
export function jsonLdScript(data: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

export interface PageDocument {
  /** Tags for <head>: the page's metadata and JSON-LD. */
  readonly head: string;
  /** The app's markup inside #root. */
  readonly body: string;
  /** The path the page was rendered at, so the browser knows it may hydrate it. */
  readonly prerenderedPath: string;
}

const HEAD_MARK = '<!--app-head-->';
const ROOT_MARK = '<div id="root" hidden><!--app-html--></div>';

/** Puts a rendered page into the built index.html (which marks both places). */
export function fillTemplate(template: string, page: PageDocument): string {
  if (!template.includes(HEAD_MARK) || !template.includes(ROOT_MARK)) {
    throw new Error(`index.html must contain ${HEAD_MARK} and ${ROOT_MARK} for the prerenderer`);
  }
  const attribute = escapeXml(page.prerenderedPath);
  return template
    .replace(HEAD_MARK, () => page.head)
    .replace(ROOT_MARK, () => `<div id="root" hidden data-prerendered="${attribute}">${page.body}</div>`);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** sitemap.xml listing every route under `siteUrl` (no trailing slash). */
export function sitemapXml(siteUrl: string, routePaths: readonly string[]): string {
  const urls = routePaths.map((path) => `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled except the API; the sitemap's address. */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
