import { ROUTE_PATHS } from '../../contract/routes';
import { expect, openPage, test } from './fixtures';
import { expectLoadingSteps, expectLoadingTicks, recordStartUp } from './loading-label';

// The loading screen is the subject: it runs on the real clock.
test.use({ fastLoadingScreen: false });

test('the loading screen counts up in 5-20 point steps every 100 ms and hands over 300 ms after 100%; the page stays hidden until then', async ({
  page,
}) => {
  await page.addInitScript(recordStartUp);
  await page.goto(ROUTE_PATHS.about);
  await expect(page.locator('#main-content')).toBeVisible();
  const { samples, siteShownAt } = await page.evaluate(() => ({ samples: window.startUpSamples, siteShownAt: window.siteShownAt }));

  expectLoadingSteps(samples.map((sample) => sample.text));
  expectLoadingTicks(samples.map((sample) => sample.t));
  // The prerendered page was in the document all along, but not visible while any label showed.
  expect(samples.every((sample) => !sample.siteVisible)).toBe(true);
  const handOver = siteShownAt! - samples.at(-1)!.t;
  expect(handOver).toBeGreaterThanOrEqual(295);
  expect(handOver).toBeLessThan(1000);
  await expect(page.getByText(/^Loading\.\.\./)).toHaveCount(0);
  await expect(page.locator('#loading-screen')).toHaveCount(0);
});

test('the loading screen shows once per page load, not on in-app navigation', async ({ page }) => {
  await page.addInitScript(recordStartUp);
  // Until the app has taken the page over, a link is a plain link that loads a new page (with its loading screen).
  await openPage(page, ROUTE_PATHS.about);
  const before = await page.evaluate(() => window.startUpSamples.length);
  await page.locator('header nav[aria-label="Main"]').getByRole('link', { name: 'Services' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Everything your wealth needs, in one place');
  await page.locator('header nav[aria-label="Main"]').getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Our Team');
  expect(await page.evaluate(() => window.startUpSamples.length)).toBe(before);
  await expect(page.getByText(/^Loading\.\.\./)).toHaveCount(0);
});
