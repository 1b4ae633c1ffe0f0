import { expect, openPage, test } from './fixtures';
import { expectLoadingSteps, expectLoadingTicks } from './loading-label';

interface Sample {
  t: number;
  text: string;
}

declare global {
  interface Window {
    loadingSamples: Sample[];
    appShownAt: number | null;
  }
}

/** Records every change of the loading label and the moment the app appears, from the first script on. */
function recordLoading() {
  window.loadingSamples = [];
  window.appShownAt = null;
  const observer = new MutationObserver(() => {
    const label = document.querySelector('[data-testid="loading-label"]');
    const text = label?.textContent ?? '';
    const last = window.loadingSamples.at(-1);
    if (label && text !== last?.text) window.loadingSamples.push({ t: performance.now(), text });
    // The page's markup is there from the first byte (prerendered) but hidden until the loading screen completes.
    const shown = document.querySelector('#main-content')?.checkVisibility() ?? false;
    if (window.appShownAt === null && shown) window.appShownAt = performance.now();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
}

test('the loading screen counts up in 5-20 point steps every 100 ms and hands over 300 ms after 100%', async ({ page }) => {
  await page.addInitScript(recordLoading);
  await page.goto('/about');
  await expect(page.locator('#main-content')).toBeVisible();
  const { samples, appShownAt } = await page.evaluate(() => ({ samples: window.loadingSamples, appShownAt: window.appShownAt }));

  expectLoadingSteps(samples.map((sample) => sample.text));
  expectLoadingTicks(samples.map((sample) => sample.t));
  const handOver = appShownAt! - samples.at(-1)!.t;
  expect(handOver).toBeGreaterThanOrEqual(295);
  expect(handOver).toBeLessThan(1000);
  await expect(page.getByText(/^Loading\.\.\./)).toHaveCount(0);
});

test('the loading screen shows once per page load, not on in-app navigation', async ({ page }) => {
  await page.addInitScript(recordLoading);
  // Until the app has taken the page over, a link is a plain link that loads a new page (with its loading screen).
  await openPage(page, '/about');
  const before = await page.evaluate(() => window.loadingSamples.length);
  await page.locator('header nav[aria-label="Main"]').getByRole('link', { name: 'Services' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Everything your wealth needs, in one place');
  await page.locator('header nav[aria-label="Main"]').getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Our Team');
  expect(await page.evaluate(() => window.loadingSamples.length)).toBe(before);
  await expect(page.getByText(/^Loading\.\.\./)).toHaveCount(0);
});
