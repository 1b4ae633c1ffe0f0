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
import { APP_ROUTE_PATHS, routePageFile } from '../contract/routes';
import { fillTemplate, jsonLdScript, robotsTxt, sitemapXml, splitHoistedHead } from '../scripts/site-documents';

const SHARE_IMAGE_SOURCE = 'app/assets/images/og-share.svg';

interface ServerEntry {
  renderPage(pathname: string): Promise<string>;
  financialServiceJsonLd(siteUrl: string): unknown;
  NOT_FOUND_PRERENDER_PATH: string;
}

async function buildServerEntry(config: ResolvedConfig, siteUrl: string): Promise<ServerEntry> {
  const outDir = path.join(config.root, 'node_modules/.cache/prerender');
  await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
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
      const jsonLd = jsonLdScript(server.financialServiceJsonLd(siteUrl));

      const pages = [
        ...APP_ROUTE_PATHS.map((route) => ({ route, file: routePageFile(route) })),
        { route: server.NOT_FOUND_PRERENDER_PATH, file: '404.html' },
      ];
      for (const page of pages) {
        const { head, body } = splitHoistedHead(await server.renderPage(page.route));
        const html = fillTemplate(template, {
          head: [head, jsonLd].filter(Boolean).join('\n    '),
          body,
          prerenderedPath: page.route,
        });
        await writeSiteFile(outDir, page.file, html);
      }

      const shareImage = await sharp(path.join(config.root, SHARE_IMAGE_SOURCE))
        .resize(1200, 630)
        .png({ compressionLevel: 9, palette: true })
        .toBuffer();
      await writeSiteFile(outDir, 'og-share.png', shareImage);
      await writeSiteFile(outDir, 'sitemap.xml', sitemapXml(siteUrl, APP_ROUTE_PATHS));
      await writeSiteFile(outDir, 'robots.txt', robotsTxt(siteUrl));
      config.logger.info(`prerendered ${pages.length} pages, og-share.png, sitemap.xml and robots.txt for ${siteUrl}`);
    },
  };
}
