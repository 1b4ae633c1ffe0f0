import type { Page } from '@playwright/test';
import { AWARD_POPUP_DELAY_MS } from '../../app/config/timings';
import { cssRgb, PALETTE } from '../../contract/brand-colours';
import { STORAGE_KEYS } from '../../app/config/storage-keys';
import { localisedPath } from '../../contract/locales';
import { ROUTE_PATHS } from '../../contract/routes';
import { closeAwardPopup, expect, openPage, SITE_COPY, test } from './fixtures';

// These tests run the page's clock themselves (the award pop-up's delay).
test.use({ fastLoadingScreen: false });

const storedConsent = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cookieConsent);

/**
 * Resolves once the award pop-up's module has arrived on the page (start
 * waiting before the page opens), so that its timer, where it would set one,
 * is running on the page's clock.
 */
const awardModuleArrives = (page: Page) => page.waitForResponse(/\/assets\/award-popup-[\w-]+\.js$/);

/** Three times the pop-up's delay on the page's clock, without waiting for it. */
const wellPastTheAwardDelay = (page: Page) => page.clock.runFor(3 * AWARD_POPUP_DELAY_MS);

test.describe('cookie banner', () => {
  test.use({ storedConsent: null });

  for (const [button, stored] of [
    ['Accept All', 'accepted'],
    ['Decline', 'declined'],
  ] as const) {
    test(`${button} stores '${stored}' and hides the banner for good`, async ({ page, context }) => {
      await openPage(page, ROUTE_PATHS.about);
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await expect(banner).toBeVisible();
      await banner.getByRole('button', { name: button }).click();
      await expect(banner).toBeHidden();
      expect(await storedConsent(page)).toBe(stored);
      const laterTab = await context.newPage();
      await openPage(laterTab, ROUTE_PATHS.services);
      await expect(laterTab.getByRole('region', { name: 'Cookie consent' })).toBeHidden();
    });
  }

  test.describe('before the floating dock has loaded', () => {
    /** Holds the floating dock's module back until the returned function is called. */
    async function holdFloatingDock(page: Page): Promise<() => void> {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/floating-dock-[\w-]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      return release;
    }

    test('the banner paints with the page, and its buttons already answer', async ({ page }) => {
      const release = await holdFloatingDock(page);
      await page.goto(localisedPath('ms', ROUTE_PATHS.portfolio));
      await expect(page.locator('#main-content')).toBeVisible();
      const banner = page.getByRole('region', { name: SITE_COPY.ms.cookieBanner.label });
      await expect(banner).toBeVisible();
      // The page is shown and the WhatsApp button (in the held module) is not: this is the banner painted with the page.
      await expect(page.getByRole('link', { name: SITE_COPY.ms.whatsapp.open })).toHaveCount(0);
      await banner.getByRole('button', { name: SITE_COPY.ms.cookieBanner.decline }).click();
      await expect(banner).toBeHidden();
      expect(await storedConsent(page)).toBe('declined');

      release();
      await expect(page.getByRole('link', { name: SITE_COPY.ms.whatsapp.open })).toBeVisible();
      await expect(banner).toBeHidden();
    });

    test('its close icon hides it for the session, and the live banner agrees', async ({ page }) => {
      const release = await holdFloatingDock(page);
      await page.goto(ROUTE_PATHS.about);
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await banner.getByRole('button', { name: 'Close cookie banner' }).click();
      await expect(banner).toBeHidden();
      expect(await storedConsent(page)).toBeNull();
      release();
      await expect(page.getByRole('link', { name: /Chat with us on WhatsApp/ })).toBeVisible();
      await expect(banner).toBeHidden();
    });

    test('with a choice stored, nothing of it shows', async ({ page }) => {
      await page.addInitScript((key) => localStorage.setItem(key, 'accepted'), STORAGE_KEYS.cookieConsent);
      await holdFloatingDock(page);
      await page.goto(ROUTE_PATHS.about);
      await expect(page.locator('#main-content')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeHidden();
      await expect(page.locator('html')).not.toHaveAttribute('data-asks-cookie-consent');
    });
  });

  test('the close icon hides it for the session without storing a choice', async ({ page, context }) => {
    await openPage(page, ROUTE_PATHS.about);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Close cookie banner' }).click();
    await expect(banner).toBeHidden();
    expect(await storedConsent(page)).toBeNull();
    // openPage waits for the app, which is what would show the banner.
    await openPage(page, ROUTE_PATHS.about);
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeHidden();
    // A new browser session (a fresh tab has a fresh sessionStorage) asks again.
    const newSession = await context.newPage();
    await openPage(newSession, ROUTE_PATHS.about);
    await expect(newSession.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  });
});

test.describe('WhatsApp button', () => {
  test('opens the deep link with the prefilled greeting in a new tab; on desktop its close icon appears on hover', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.about);
    const link = page.getByRole('link', { name: /Chat with us on WhatsApp/ });
    await expect(link).toBeVisible();
    const href = new URL((await link.getAttribute('href'))!);
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/60123456789');
    const greeting = href.searchParams.get('text')!;
    for (const topic of ['wealth planning', 'portfolio management', 'financial growth strategies']) {
      expect(greeting).toContain(topic);
    }
    expect(greeting).toMatch(/\[Your Name\]\.?$/);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    const close = page.getByRole('button', { name: 'Hide WhatsApp button' });
    await page.mouse.move(5, 5);
    await expect(close).toHaveCSS('opacity', '0');
    await link.hover();
    await expect(close).toHaveCSS('opacity', '1');
  });

  test('the close icon hides it until the page is reloaded', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.about);
    await page.getByRole('link', { name: /Chat with us on WhatsApp/ }).hover();
    await page.getByRole('button', { name: 'Hide WhatsApp button' }).click();
    await expect(page.getByRole('link', { name: /Chat with us on WhatsApp/ })).toBeHidden();
    await page.locator('header nav[aria-label="Main"]').getByRole('link', { name: 'Services' }).click();
    await expect(page.getByRole('link', { name: /Chat with us on WhatsApp/ })).toBeHidden();
    await page.reload();
    await expect(page.getByRole('link', { name: /Chat with us on WhatsApp/ })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('the close icon is always visible', async ({ page }) => {
      await openPage(page, ROUTE_PATHS.about);
      await expect(page.getByRole('button', { name: 'Hide WhatsApp button' })).toHaveCSS('opacity', '1');
    });
  });
});

test.describe('award pop-up', () => {
  test('opens by itself about 500 ms after the home page appears', async ({ page }) => {
    // Timed inside the page from the first byte: the test runner's own polling lags on a loaded machine.
    await page.addInitScript(() => {
      const times: { shownAt?: number; openedAt?: number } = {};
      (window as unknown as { awardTimes: typeof times }).awardTimes = times;
      new MutationObserver(() => {
        if (document.querySelector('#main-content')?.checkVisibility()) times.shownAt ??= performance.now();
        if (document.querySelector('[role="dialog"]')) times.openedAt ??= performance.now();
      }).observe(document, { childList: true, subtree: true, attributes: true });
    });
    await page.goto(ROUTE_PATHS.home);
    const dialog = page.getByRole('dialog', { name: 'Award-winning wealth advisory' });
    await expect(dialog).toBeVisible();
    const { shownAt, openedAt } = await page.evaluate(
      () => (window as unknown as { awardTimes: { shownAt: number; openedAt: number } }).awardTimes,
    );
    const openedAfter = openedAt - shownAt;
    expect(openedAfter).toBeGreaterThanOrEqual(350);
    await expect(dialog.getByRole('img')).toHaveAttribute('alt', /award/i);
  });

  test('closes when dismissed with Escape or a click outside', async ({ page, context }) => {
    await openPage(page, ROUTE_PATHS.home);
    const dialog = page.getByRole('dialog', { name: 'Award-winning wealth advisory' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // A new tab is a new browser session, where the award shows again.
    const newSession = await context.newPage();
    await openPage(newSession, ROUTE_PATHS.home);
    const again = newSession.getByRole('dialog', { name: 'Award-winning wealth advisory' });
    await expect(again).toBeVisible();
    await newSession.mouse.click(5, 300);
    await expect(again).toBeHidden();
  });

  test('appears on the home page only', async ({ page }) => {
    await page.clock.install();
    for (const path of [ROUTE_PATHS.about, ROUTE_PATHS.services, ROUTE_PATHS.portfolio, ROUTE_PATHS.contact]) {
      await openPage(page, path);
      // The floating dock is fetched at the same moment the pop-up's module would be.
      await expect(page.getByRole('link', { name: /Chat with us on WhatsApp/ })).toBeVisible();
      await wellPastTheAwardDelay(page);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  });
});

test.describe('award pop-up, at most once per browser session', () => {
  const award = (page: Page) => page.getByRole('dialog', { name: 'Award-winning wealth advisory' });

  test('names who gave the award, and closes with its button', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.home);
    await expect(award(page)).toContainText("Presented by the Kuala Lumpur Investors' Circle");
    await closeAwardPopup(page);
  });

  test('does not open again on a return to Home, in the app or by reload; a new session shows it again', async ({ page, context }) => {
    await page.clock.install();
    await openPage(page, ROUTE_PATHS.home);
    await closeAwardPopup(page);
    const nav = page.locator('header nav[aria-label="Main"]');
    await nav.getByRole('link', { name: 'About Us' }).click();
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grow, protect and pass on your wealth with confidence');
    // Three times the pop-up's delay and still nothing.
    await wellPastTheAwardDelay(page);
    await expect(award(page)).toHaveCount(0);
    const reloadedModule = awardModuleArrives(page);
    await openPage(page, ROUTE_PATHS.home);
    await reloadedModule;
    await wellPastTheAwardDelay(page);
    await expect(award(page)).toHaveCount(0);

    const newSession = await context.newPage();
    await openPage(newSession, ROUTE_PATHS.home);
    await expect(award(newSession)).toBeVisible();
  });

  test.describe('on a phone with the cookie banner showing', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, storedConsent: null });

    test('waits until the banner is answered, then opens', async ({ page }) => {
      await page.clock.install();
      const awardModule = awardModuleArrives(page);
      await openPage(page, ROUTE_PATHS.home);
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await expect(banner).toBeVisible();
      await awardModule;
      await wellPastTheAwardDelay(page);
      await expect(award(page)).toHaveCount(0);
      await banner.getByRole('button', { name: 'Accept All' }).click();
      await expect(banner).toBeHidden();
      await expect(award(page)).toBeVisible();
    });

    test('waits also when the banner is only closed for the session', async ({ page }) => {
      await page.clock.install();
      const awardModule = awardModuleArrives(page);
      await openPage(page, ROUTE_PATHS.home);
      await awardModule;
      await wellPastTheAwardDelay(page);
      await expect(award(page)).toHaveCount(0);
      await page.getByRole('button', { name: 'Close cookie banner' }).click();
      await expect(award(page)).toBeVisible();
    });
  });
});

test.describe('WhatsApp button on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('its close icon has a light ring, so it shows over the dark footer too', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.about);
    const close = page.getByRole('button', { name: 'Hide WhatsApp button' });
    await expect(close).toHaveCSS('background-color', cssRgb(PALETTE.ink));
    await expect(close).toHaveCSS('box-shadow', /rgb\(255, 255, 255\) 0px 0px 0px 2px/);
  });
});
