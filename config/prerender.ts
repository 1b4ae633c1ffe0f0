/**
 * A Vite plugin that prerenders the site after the browser build has been
 * written (and before vite-plugin-pwa builds the precache list, in
 * closeBundle, so the pages are precached):
 * 1. builds app/entry-server.tsx for Node with the same asset URLs;
 * 2. renders each route and the 404 page into a copy of the built index.html:
 *    content, metadata and JSON-LD;
 * 3. writes og-share.png (from the SVG artwork), sitemap.xml and robots.txt.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import sharp from 'sharp';
import UnoCSS from 'unocss/vite';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { compileMessages } from './compile-messages';
import { nestedBuildBase } from './nested-build';
import { LOCALE_CODES, LOCALES, localisedPath } from '../contract/locales';
import { APP_ROUTE_PATHS, notFoundPageFile, notFoundPath, routePageFile } from '../contract/routes';
import { fillTemplate, jsonLdScript, robotsTxt, sitemapXml, splitHoistedHead } from '../scripts/site-documents';

const SHARE_IMAGE_SOURCE = 'app/assets/images/og-share.svg';

/** What app/entry-server.tsx gives the prerenderer. */
interface ServerEntry {
  renderPage(pathname: string, siteUrl: string): Promise<{ html: string; htmlLang: string; loadingScreen: string; jsonLd: unknown }>;
}

async function buildServerEntry(config: ResolvedConfig, siteUrl: string): Promise<ServerEntry> {
  const outDir = path.join(config.root, 'node_modules/.cache/prerender');
  await build({
    ...nestedBuildBase(config),
    define: { 'import.meta.env.SITE_URL': JSON.stringify(siteUrl) },
    // UnoCSS's variant-group transformer rewrites class names in the source (`focus:(a b)` → `focus:a focus:b`):
    // the server's markup must carry the same names as the browser's, or hydration keeps the wrong ones.
    plugins: [react(), UnoCSS(), compileMessages()],
    build: {
      ssr: 'app/entry-server.tsx',
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
    },
  });
  return (await import(pathToFileURL(path.join(outDir, 'entry-server.js')).href)) as ServerEntry;
}

async function writeSiteFile(outDir: string, file: string, content: string | Buffer) {
  const target = path.join(outDir, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, content);
}

export function prerenderSite({ siteUrl }: { siteUrl: string }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'teratai:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const server = await buildServerEntry(config, siteUrl);
      const template = await readFile(path.join(outDir, 'index.html'), 'utf8');

      // Every page in every language, and each language's 404 page (served for any unknown path under its prefix).
      const pages = LOCALE_CODES.flatMap((locale) => [
        ...APP_ROUTE_PATHS.map((route) => localisedPath(locale, route)).map((route) => ({ route, file: routePageFile(route) })),
        { route: notFoundPath(locale), file: notFoundPageFile(notFoundPath(locale)) },
      ]);
      for (const page of pages) {
        const rendered = await server.renderPage(page.route, siteUrl);
        const { head, body } = splitHoistedHead(rendered.html);
        const html = fillTemplate(template, {
          head: [head, jsonLdScript(rendered.jsonLd)].filter(Boolean).join('\n    '),
          body,
          prerenderedPath: page.route,
          lang: rendered.htmlLang,
          loadingScreen: rendered.loadingScreen,
        });
        await writeSiteFile(outDir, page.file, html);
      }

      const shareImage = await sharp(path.join(config.root, SHARE_IMAGE_SOURCE))
        .resize(1200, 630)
        .png({ compressionLevel: 9, palette: true })
        .toBuffer();
      await writeSiteFile(outDir, 'og-share.png', shareImage);
      await writeSiteFile(
        outDir,
        'sitemap.xml',
        sitemapXml(
          siteUrl,
          APP_ROUTE_PATHS,
          LOCALE_CODES.map((locale) => ({ hreflang: LOCALES[locale].htmlLang, path: (route: string) => localisedPath(locale, route) })),
        ),
      );
      await writeSiteFile(outDir, 'robots.txt', robotsTxt(siteUrl));
      config.logger.info(`prerendered ${pages.length} pages, og-share.png, sitemap.xml and robots.txt for ${siteUrl}`);
    },
  };
}
