import type { Page } from '@playwright/test';
import { localisedPath } from '../../contract/locales';
import { isAppRoute, ROUTE_PATHS } from '../../contract/routes';
import { E2E_DEV_BUILD_URL } from '../../playwright.config';
import { expect, openPage, test } from './fixtures';
import { recordStartUp } from './loading-label';

// Start-up is the subject: the loading screen runs on the real clock.
test.use({ fastLoadingScreen: false });

/** A path below a route, which no page has: the service answers it with the 404 file. */
const BELOW_SERVICES = `${ROUTE_PATHS.services}/x`;

/** Collects the page's errors and warnings, but for the failed load Chromium logs for a document answered 404 (`notFoundUrl`). */
function collectProblems(page: Page, notFoundUrl?: () => string): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    const ownStatus = notFoundUrl !== undefined && message.location().url === notFoundUrl();
    if ((message.type() === 'error' || message.type() === 'warning') && !ownStatus) messages.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

const BUILDS = [
  { name: 'production build', baseURL: undefined },
  // React reports attribute and text mismatches only in its development build.
  { name: 'development build', baseURL: E2E_DEV_BUILD_URL },
];

for (const build of BUILDS) {
  test.describe(build.name, () => {
    if (build.baseURL) test.use({ baseURL: build.baseURL });
    // The production build registers the site's worker: its start-up is part of what must log nothing.
    else test.use({ serviceWorkers: 'allow' });
    // The Malay and Chinese pages too; and a page opened with a query and a fragment, as from a campaign link.
    for (const path of [
      ROUTE_PATHS.home,
      ROUTE_PATHS.about,
      ROUTE_PATHS.contact,
      ROUTE_PATHS.privacy,
      '/no-such-page',
      localisedPath('ms', ROUTE_PATHS.home),
      localisedPath('ms', ROUTE_PATHS.contact),
      localisedPath('zh', ROUTE_PATHS.about),
      '/zh/no-such-page',
      `${localisedPath('zh', ROUTE_PATHS.services)}?utm_source=newsletter#top`,
    ]) {
      const notFound = !isAppRoute(new URL(path, 'http://site').pathname);
      test(`${path}: hydrating the prerendered page logs no error or warning and keeps its markup`, async ({ page }) => {
        const messages = collectProblems(page, notFound ? () => new URL(path, page.url()).href : undefined);
        const documents: string[] = [];
        page.on('request', (request) => {
          if (request.resourceType() === 'document' || request.resourceType() === 'fetch') documents.push(request.url());
        });
        await page.addInitScript(recordStartUp);

        await openPage(page, path);
        await page.waitForLoadState('networkidle');
        expect(messages).toEqual([]);
        // One document request (without its fragment), and no data fetched to render it again.
        expect(documents).toEqual([new URL(path.replace(/#.*$/, ''), page.url()).href]);
        if (!notFound) {
          expect(
            await page.evaluate(
              () => window.prerenderedHeading !== null && window.prerenderedHeading === document.querySelector('#root h1'),
            ),
          ).toBe(true);
        }
      });
    }

    test('/services/x: the 404 file is rendered afresh, with Services marked and its head tags once, and logs no error or warning', async ({
      page,
    }) => {
      const messages = collectProblems(page, () => new URL(BELOW_SERVICES, page.url()).href);
      await page.addInitScript(recordStartUp);
      await openPage(page, BELOW_SERVICES);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
      await expect(page.locator('header nav[aria-label="Main"] [aria-current="page"]')).toHaveText('Services');
      // The app's own head tags replace the file's: one of each.
      await expect(page.locator('head title')).toHaveCount(1);
      await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
      await expect(page.locator('head meta[property="og:title"]')).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      expect(messages).toEqual([]);
      // Drawn anew: the file's heading was replaced, since the file marks no link.
      expect(
        await page.evaluate(() => window.prerenderedHeading !== null && window.prerenderedHeading !== document.querySelector('#root h1')),
      ).toBe(true);
      // Moving on leaves none of the 404 page's head behind.
      await page.locator('header nav[aria-label="Main"]').getByRole('link', { name: 'About Us' }).click();
      await expect(page).toHaveTitle('About Us | Teratai Wealth');
      await expect(page.locator('head title')).toHaveCount(1);
      await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
      await expect(page.locator('head meta[name="robots"]')).toHaveCount(0);
    });
  });
}

test('client-side navigation keeps the loading screen away and swaps the metadata', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.about);
  await page.locator('header nav[aria-label="Main"]').getByRole('link', { name: 'Track Records' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Track Records & Portfolio');
  await expect(page.locator('#loading-screen')).toHaveCount(0);
  await expect(page).toHaveTitle('Track Records & Portfolio | Teratai Wealth');
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /\/portfolio$/);
  await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /how each figure is measured/);
  await expect(page.locator('head title')).toHaveCount(1);
});
