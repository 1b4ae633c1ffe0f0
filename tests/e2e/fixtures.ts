import { expect, type Page, test as base } from '@playwright/test';

export { expect };

interface SiteOptions {
  /** A cookie choice stored before the page loads, so the banner stays out of the way; null shows it. */
  storedConsent: 'accepted' | 'declined' | null;
}

export const test = base.extend<SiteOptions>({
  storedConsent: ['accepted', { option: true }],
  page: async ({ page, storedConsent }, use) => {
    if (storedConsent) {
      await page.addInitScript((value) => {
        if (!localStorage.getItem('tw-cookie-consent')) localStorage.setItem('tw-cookie-consent', value);
      }, storedConsent);
    }
    await use(page);
  },
});

/**
 * Opens a path and waits for the loading screen to hand over to the page, and
 * for the app to take the page over: its notification area (F8) mounts right
 * after hydration, and from then on links and buttons answer in the app.
 */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('#main-content')).toBeVisible();
  // By attribute, not role: the home page's award pop-up hides the rest of the page from the accessibility tree.
  await expect(page.locator('[role="region"][aria-label^="Notifications"]')).toBeAttached();
  return response;
}

/** The home page's award pop-up opens by itself; tests about other things close it first. */
export async function closeAwardPopup(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Award-winning wealth advisory' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
}

export const ROUTES = ['/', '/about', '/services', '/portfolio', '/contact', '/privacy', '/terms'] as const;
