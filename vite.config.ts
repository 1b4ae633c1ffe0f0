import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import UnoCSS from 'unocss/vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { codeSplitting } from './config/chunks';
import { THEME_COLOUR } from './contract/brand-colours';
import { compileMessages } from './config/compile-messages';
import { buildInbox } from './config/inbox-build';
import { loadingScreenHtml } from './config/loading-screen-html';
import { prerenderSite } from './config/prerender';
import { pwaOptions } from './config/pwa';
import { readSiteUrl } from './config/site-url.mjs';

const siteUrl = readSiteUrl();

/**
 * React Router's package exports only its development build, whose warnings
 * are not behind NODE_ENV, so they would ship; its production build sits
 * beside it. Both its entry points, or the bundle would hold the two builds.
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url));
const reactRouterProductionBuild = [
  { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
  { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
];

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    UnoCSS(),
    compileMessages(),
    loadingScreenHtml(),
    prerenderSite({ siteUrl }),
    buildInbox({ alias: mode === 'production' ? reactRouterProductionBuild : [] }),
    VitePWA(pwaOptions),
  ],
  // Vite also writes these into index.html where it says %NAME%.
  define: {
    'import.meta.env.SITE_URL': JSON.stringify(siteUrl),
    'import.meta.env.THEME_COLOUR': JSON.stringify(THEME_COLOUR),
  },
  // A development build keeps React Router's warnings.
  resolve: { alias: mode === 'production' ? reactRouterProductionBuild : [] },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Which file holds which module: the budget check follows the start-up script to the app through it.
    manifest: true,
    rolldownOptions: { output: { codeSplitting } },
  },
  server: {
    // `npm run dev` serves the page with hot reload; the API comes from `npm run serve`.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
