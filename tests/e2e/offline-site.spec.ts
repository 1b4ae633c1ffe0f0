import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Page } from '@playwright/test';
import { BACKGROUND_COLOUR, THEME_COLOUR } from '../../contract/brand-colours';
import { ROUTE_PATHS } from '../../contract/routes';
import { closeAwardPopup, expect, openPage, reloadPage, test } from './fixtures';
import { waitForWorkerControl } from './pwa';

test.use({ serviceWorkers: 'allow' });

const ROUTE_HEADINGS = [
  [ROUTE_PATHS.home, 'Grow, protect and pass on your wealth with confidence'],
  [ROUTE_PATHS.about, 'Trusted wealth advisers since 2018'],
  [ROUTE_PATHS.services, 'Everything your wealth needs, in one place'],
  [ROUTE_PATHS.portfolio, 'Track Records & Portfolio'],
  [ROUTE_PATHS.contact, 'Contact Our Team'],
  [ROUTE_PATHS.privacy, 'Personal Data Protection Notice'],
  [ROUTE_PATHS.terms, 'Terms of Use and Disclaimer'],
  [ROUTE_PATHS.verify, 'Is this really Teratai Wealth?'],
  ['/no-such-page', '404 Page Not Found'],
] as const;

function builtFiles(dir = 'dist'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? builtFiles(join(dir, entry.name)) : [`/${relative('dist', join(dir, entry.name))}`],
  );
}

/** Loads every image on the page, lazy ones too, and fails on any that cannot be decoded. */
async function expectAllImagesLoad(page: Page) {
  const broken = await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    const results = await Promise.all(
      images.map((image) =>
        image.decode().then(
          () => null,
          () => image.src,
        ),
      ),
    );
    return results.filter(Boolean);
  });
  expect(broken).toEqual([]);
}

/** `awardDue`: the home page's award pop-up has not opened yet in this tab's session, so it will now. */
async function expectRoute(page: Page, path: string, heading: string, { awardDue }: { awardDue: boolean }) {
  await openPage(page, path);
  if (path === ROUTE_PATHS.home && awardDue) await closeAwardPopup(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expectAllImagesLoad(page);
}

test('the worker controls the page after the first load and precaches every built file', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.about);
  await waitForWorkerControl(page);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  // The worker itself, the icon's source, files only crawlers and link previews fetch, and the build's own
  // file map (read by the budget check; the server serves no dot-folder) stay out.
  const notPrecached = ['/sw.js', '/icons/icon-source.svg', '/og-share.png', '/robots.txt', '/sitemap.xml', '/.vite/manifest.json'];
  // Nor does the staff inbox: its page and its own assets folder, which are built beside the site.
  const inbox = builtFiles().filter((file) => file === '/inbox.html' || file.startsWith('/assets/inbox/'));
  expect(inbox).toContain('/inbox.html');
  const expected = builtFiles().filter((file) => !notPrecached.includes(file) && !inbox.includes(file));
  expect([...new Set(cached)].sort()).toEqual(expected.sort());
});

test('after one visit every route and the 404 page render offline, with their images', async ({ page, context }) => {
  await openPage(page, ROUTE_PATHS.home);
  await closeAwardPopup(page);
  await waitForWorkerControl(page);
  await context.setOffline(true);
  for (const [path, heading] of ROUTE_HEADINGS) await expectRoute(page, path, heading, { awardDue: false });
  await reloadPage(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
});

test('a cold start with the network off renders each route by direct navigation', async ({ page, context }) => {
  await openPage(page, ROUTE_PATHS.contact);
  await waitForWorkerControl(page);
  await page.close();
  await context.setOffline(true);
  for (const [path, heading] of ROUTE_HEADINGS) {
    const fresh = await context.newPage();
    await expectRoute(fresh, path, heading, { awardDue: true });
    await fresh.close();
  }
});

test('an /api path is never answered with the app shell, online or offline', async ({ page, context }) => {
  await openPage(page, ROUTE_PATHS.home);
  await waitForWorkerControl(page);
  const online = await page.goto('/api/unknown');
  expect(online?.status()).toBe(404);
  expect(await online?.text()).not.toContain('id="root"');
  await context.setOffline(true);
  await expect(page.goto('/api/contact')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
});

test('Chromium finds the site installable, online and offline', async ({ playwright, baseURL }, testInfo) => {
  // Installability is only reported outside incognito, so this needs a persistent profile.
  const context = await playwright.chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'tw-install-')), {
    ...testInfo.project.use.launchOptions,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = await context.newPage();
    await openPage(page, ROUTE_PATHS.home);
    await waitForWorkerControl(page);
    const cdp = await context.newCDPSession(page);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('#main-content')).toBeVisible();
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('the manifest names the brand, its icons, screenshots and shortcuts', async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({
    name: 'Teratai Wealth',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
  });
  // The same colour in the page's own head, where Vite wrote it at build time.
  expect(await (await request.get(ROUTE_PATHS.home)).text()).toContain(`<meta name="theme-color" content="${THEME_COLOUR}" />`);
  const purposes = (manifest.icons as { sizes: string; purpose: string }[]).map((icon) => `${icon.sizes} ${icon.purpose}`);
  expect(purposes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']));
  expect((manifest.screenshots as { form_factor: string }[]).map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
  expect((manifest.shortcuts as { url: string }[]).map((shortcut) => shortcut.url)).toEqual([ROUTE_PATHS.contact, ROUTE_PATHS.services]);
  for (const file of [...manifest.icons, ...manifest.screenshots] as { src: string }[]) {
    expect((await request.get(file.src)).status(), file.src).toBe(200);
  }
  expect((await request.get('/icons/apple-touch-icon-180x180.png')).status()).toBe(200);
});
