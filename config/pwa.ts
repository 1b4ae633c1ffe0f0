import type { VitePWAOptions } from 'vite-plugin-pwa';
import { ROUTE_PATHS } from '../contract/routes';
import { BACKGROUND_COLOUR, THEME_COLOUR } from '../contract/brand-colours';
import { BRAND } from '../app/content/brand';
import { SITE } from '../app/content/locales/en/site';
import { INBOX_ASSETS_DIR, INBOX_HTML } from './inbox-files';

const icon = (file: string, size: number, purpose: 'any' | 'maskable') => ({
  src: `/icons/${file}`,
  sizes: `${size}x${size}`,
  type: 'image/png',
  purpose,
});

/** Screenshots of the real site, made by `npm run screenshots`, for the richer install dialog. */
const SCREENSHOTS = [
  { src: '/screenshots/wide.jpg', sizes: '1280x720', type: 'image/jpeg', form_factor: 'wide', label: `${BRAND.name} home page` },
  {
    src: '/screenshots/narrow.jpg',
    sizes: '390x844',
    type: 'image/jpeg',
    form_factor: 'narrow',
    label: `${BRAND.name} services on a phone`,
  },
] as const;

/**
 * vite-plugin-pwa: our own TypeScript worker (sw/sw.ts) gets the precache list
 * injected; the page registers it through workbox-window (app/lib/sw-bridge.ts).
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'sw',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  includeAssets: ['favicon.svg', 'icons/favicon.ico', 'icons/apple-touch-icon-180x180.png', 'screenshots/*.jpg'],
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg}'],
    // The staff inbox is never precached: it is not the visitors', and it must come from the network each time.
    globIgnores: ['icons/icon-source.svg', INBOX_HTML, `${INBOX_ASSETS_DIR}/**`],
  },
  manifest: {
    id: '/',
    name: BRAND.name,
    short_name: BRAND.appShortName,
    description: SITE.brand.blurb,
    lang: 'en-MY',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    categories: ['finance', 'business'],
    icons: [
      icon('pwa-64x64.png', 64, 'any'),
      icon('pwa-192x192.png', 192, 'any'),
      icon('pwa-512x512.png', 512, 'any'),
      icon('maskable-icon-192x192.png', 192, 'maskable'),
      icon('maskable-icon-512x512.png', 512, 'maskable'),
    ],
    screenshots: [...SCREENSHOTS],
    shortcuts: [
      { name: 'Contact us', short_name: 'Contact', url: ROUTE_PATHS.contact, icons: [icon('pwa-192x192.png', 192, 'any')] },
      { name: 'Our services', short_name: 'Services', url: ROUTE_PATHS.services, icons: [icon('pwa-192x192.png', 192, 'any')] },
    ],
  },
};
