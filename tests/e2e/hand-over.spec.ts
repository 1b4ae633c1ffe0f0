import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../app/config/storage-keys';
import { localisedPath } from '../../contract/locales';
import { ROUTE_PATHS } from '../../contract/routes';
import { AWARD_COPY, closeAwardPopup, expect, openPage, SITE_COPY, test } from './fixtures';

// The loading screen's hand-over is the subject: it runs on the real clock.
test.use({ fastLoadingScreen: false });

/**
 * What a visitor does on a prerendered island (the cookie banner, the menu
 * button) before its live module has taken over must survive the hand-over.
 * Each test holds a module back at the network, acts on the page, releases
 * the module and checks the outcome.
 */

/** Holds every request for a built module matching `file` until `release` is called; `requested` settles with the first one. */
async function holdModule(page: Page, file: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markRequested!: () => void;
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && file.test(url.pathname),
    async (route) => {
      markRequested();
      await released;
      await route.continue();
    },
  );
  return { requested, release };
}

/** The app (app/main.tsx), the floating dock and the drawer, as Vite names their files. */
const APP = /\/main-[\w-]+\.js$/;
const FLOATING_DOCK = /\/floating-dock-[\w-]+\.js$/;
const MOBILE_DRAWER = /\/mobile-drawer-[\w-]+\.js$/;

const whatsApp = (page: Page) => page.getByRole('link', { name: /Chat with us on WhatsApp/ });
const storedChoice = (page: Page) =>
  page.evaluate((keys) => [localStorage.getItem(keys.cookieConsent), sessionStorage.getItem(keys.cookieBannerHidden)], STORAGE_KEYS);

test.describe('the cookie banner painted with the page', () => {
  test.use({ storedConsent: null });

  const ANSWERS = [
    { button: 'Close cookie banner', stored: [null, 'true'] },
    { button: 'Accept All', stored: ['accepted', null] },
    { button: 'Decline', stored: ['declined', null] },
  ] as const;

  for (const { button, stored } of ANSWERS) {
    for (const held of [
      { name: 'the app', file: APP },
      { name: 'the floating dock', file: FLOATING_DOCK },
    ]) {
      test(`${button}, pressed before ${held.name} has loaded, holds once the live banner takes over`, async ({ page }) => {
        const module = await holdModule(page, held.file);
        await page.goto(ROUTE_PATHS.about);
        const banner = page.getByRole('region', { name: 'Cookie consent' });
        await banner.getByRole('button', { name: button }).click();
        await expect(banner).toBeHidden();
        await module.requested;
        module.release();
        await expect(whatsApp(page)).toBeVisible();
        await expect(banner).toBeHidden();
        expect(await storedChoice(page)).toEqual(stored);
      });
    }

    test(`${button}: the live banner agrees even when the page read the banner's state before the answer`, async ({ page }) => {
      // On the home page the award pop-up, loaded with the page, reads whether the banner shows; the dock is held.
      const dock = await holdModule(page, FLOATING_DOCK);
      await openPage(page, ROUTE_PATHS.home);
      await closeAwardPopup(page);
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await banner.getByRole('button', { name: button }).click();
      await expect(banner).toBeHidden();
      await dock.requested;
      dock.release();
      await expect(whatsApp(page)).toBeVisible();
      await expect(banner).toBeHidden();
    });
  }

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('closing it before the floating dock has loaded lets the award pop-up open', async ({ page }) => {
      const dock = await holdModule(page, FLOATING_DOCK);
      await openPage(page, ROUTE_PATHS.home);
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await banner.getByRole('button', { name: 'Close cookie banner' }).click();
      await expect(banner).toBeHidden();
      await expect(page.getByRole('dialog', { name: AWARD_COPY.en.title })).toBeVisible();
      await dock.requested;
      dock.release();
      await expect(whatsApp(page)).toBeVisible();
      await expect(banner).toBeHidden();
    });
  });
});

test.describe('the menu button painted with the page', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  for (const held of [
    { name: 'the app', file: APP },
    { name: 'the drawer', file: MOBILE_DRAWER },
  ]) {
    test(`pressed before ${held.name} has loaded, it opens the drawer once it is there`, async ({ page }) => {
      const module = await holdModule(page, held.file);
      await page.goto(localisedPath('ms', ROUTE_PATHS.about));
      await page.getByRole('button', { name: SITE_COPY.ms.menu.open }).click();
      await module.requested;
      module.release();
      const drawer = page.getByRole('dialog', { name: SITE_COPY.ms.menu.title });
      await expect(drawer).toBeVisible();
      // It is the live drawer: its links close it and move on in the app.
      await drawer.getByRole('link', { name: SITE_COPY.ms.nav.services }).click();
      await expect(drawer).toBeHidden();
      await expect(page).toHaveURL(/\/ms\/services$/);
    });
  }
});
