/**
 * The staff inbox (inbox.html, app/inbox/) is built apart from the visitor's
 * site: a second Vite build, run after the site's files are written, into the
 * same folder with its files under assets/inbox/. Nothing of it lands in the
 * site's chunks, its stylesheet (its own UnoCSS pass scans app/inbox/ only) or
 * its precache (config/pwa.ts leaves inbox.html and assets/inbox/ out). The
 * development server answers /inbox and every path below it with inbox.html.
 */
import path from 'node:path';
import react from '@vitejs/plugin-react';
import UnoCSS from 'unocss/vite';
import { build, type Alias, type Plugin, type ResolvedConfig } from 'vite';
import siteUnoConfig from '../uno.config';
import { THEME_COLOUR } from '../contract/brand-colours';
import { INBOX_PATH } from '../contract/inbox';
import { INBOX_ASSETS_DIR, INBOX_HTML } from './inbox-files';
import { nestedBuildBase } from './nested-build';

const INBOX_SOURCES = /\/app\/inbox\/.*\.[jt]sx?($|\?)/;

function isInboxPage(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return pathname === INBOX_PATH || pathname.startsWith(`${INBOX_PATH}/`);
}

export function buildInbox({ alias }: { alias: Alias[] }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'teratai:inbox',
    configResolved(resolved) {
      config = resolved;
    },
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && isInboxPage(req.url)) req.url = `/${INBOX_HTML}`;
        next();
      });
    },
    async writeBundle() {
      if (config.command !== 'build' || config.build.ssr) return;
      await build({
        ...nestedBuildBase(config),
        define: { 'import.meta.env.THEME_COLOUR': JSON.stringify(THEME_COLOUR) },
        plugins: [react(), UnoCSS({ ...siteUnoConfig, configFile: false, content: { pipeline: { include: [INBOX_SOURCES] } } })],
        resolve: { alias },
        build: {
          target: 'es2022',
          sourcemap: false,
          outDir: path.resolve(config.root, config.build.outDir),
          emptyOutDir: false,
          copyPublicDir: false,
          rolldownOptions: {
            input: path.join(config.root, INBOX_HTML),
            output: {
              entryFileNames: `${INBOX_ASSETS_DIR}/[name]-[hash].js`,
              chunkFileNames: `${INBOX_ASSETS_DIR}/[name]-[hash].js`,
              assetFileNames: `${INBOX_ASSETS_DIR}/[name]-[hash][extname]`,
            },
          },
        },
      });
      config.logger.info(`built the inbox: ${INBOX_HTML} and ${INBOX_ASSETS_DIR}/`);
    },
  };
}
