/**
 * The text of the files the prerenderer writes (config/prerender.ts): each
 * page's HTML from the built index.html and React's output, plus sitemap.xml
 * and robots.txt. Pure functions, so their rules are tested without a build.
 */
import escapeHtml from 'escape-html';

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
  /** `<html lang>` of the page's language. */
  readonly lang: string;
  /** The loading screen's markup, in the page's language. */
  readonly loadingScreen: string;
}

const HEAD_MARK = '<!--app-head-->';
/** Where index.html takes the loading screen: written on the dev server (config/loading-screen-html.ts), by the prerenderer in the build. */
export const LOADING_SCREEN_MARK = '<!--loading-screen-->';
const HTML_LANG = /<html lang="[^"]*">/;
const ROOT_MARK = '<div id="root" hidden><!--app-html--></div>';

/** Puts a rendered page into the built index.html (which marks both places). */
export function fillTemplate(template: string, page: PageDocument): string {
  if (![HEAD_MARK, ROOT_MARK, LOADING_SCREEN_MARK].every((mark) => template.includes(mark)) || !HTML_LANG.test(template)) {
    throw new Error(`index.html must contain <html lang="…">, ${HEAD_MARK}, ${LOADING_SCREEN_MARK} and ${ROOT_MARK} for the prerenderer`);
  }
  const attribute = escapeHtml(page.prerenderedPath);
  return template
    .replace(HTML_LANG, () => `<html lang="${escapeHtml(page.lang)}">`)
    .replace(HEAD_MARK, () => page.head)
    .replace(LOADING_SCREEN_MARK, () => page.loadingScreen)
    .replace(ROOT_MARK, () => `<div id="root" hidden data-prerendered="${attribute}">${page.body}</div>`);
}

/** A language of the site, as the sitemap lists it: its hreflang, and where a route is in it. */
export interface SitemapLanguage {
  readonly hreflang: string;
  readonly path: (route: string) => string;
}

/**
 * sitemap.xml listing every route in every language under `siteUrl` (no
 * trailing slash), each with all its versions as hreflang alternates (the
 * first language is also x-default), as Google reads them.
 */
export function sitemapXml(siteUrl: string, routePaths: readonly string[], languages: readonly SitemapLanguage[]): string {
  const url = (path: string) => escapeHtml(`${siteUrl}${path}`);
  const entries = routePaths.flatMap((route) => {
    const alternates = [
      ...languages.map(
        (language) => `<xhtml:link rel="alternate" hreflang="${escapeHtml(language.hreflang)}" href="${url(language.path(route))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${url(languages[0]!.path(route))}"/>`,
    ].join('');
    return languages.map((language) => `  <url><loc>${url(language.path(route))}</loc>${alternates}</url>`);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled except the API; the sitemap's address. */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
