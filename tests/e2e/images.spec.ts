import { APP_ROUTE_PATHS, ROUTE_PATHS } from '../../contract/routes';
import { closeAwardPopup, expect, openPage, test } from './fixtures';

test('every image is sized, described or marked decorative, and nothing loads from another host', async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['http:', 'https:'].includes(url.protocol)) return;
    if (url.origin !== new URL(baseURL!).origin) foreign.push(request.url());
  });
  for (const path of APP_ROUTE_PATHS) {
    await openPage(page, path);
    if (path === ROUTE_PATHS.home) await closeAwardPopup(page);
    const images = await page.locator('img').evaluateAll((elements) =>
      elements.map((image) => ({
        src: (image as HTMLImageElement).src,
        alt: image.getAttribute('alt'),
        width: image.getAttribute('width'),
        height: image.getAttribute('height'),
      })),
    );
    for (const image of images) {
      expect(image.alt, `${image.src} on ${path} has an alt attribute`).not.toBeNull();
      expect(Number(image.width), `${image.src} width`).toBeGreaterThan(0);
      expect(Number(image.height), `${image.src} height`).toBeGreaterThan(0);
    }
  }
  expect(foreign).toEqual([]);
});

test('images below the fold load lazily', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openPage(page, ROUTE_PATHS.contact);
  await expect(page.locator('img[alt=""][width="800"]')).toHaveAttribute('loading', 'lazy');
  await openPage(page, ROUTE_PATHS.home);
  await closeAwardPopup(page);
  const slides = page.locator('.swiper-slide img');
  await expect(slides.first()).toHaveAttribute('loading', 'eager');
  for (const image of (await slides.all()).slice(1)) await expect(image).toHaveAttribute('loading', 'lazy');
});

test.describe(() => {
  // The layout shift while the page starts is the subject: the loading screen runs on the real clock.
  test.use({ fastLoadingScreen: false });

  test('the page does not shift while it settles', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { layoutShift: number }).layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) (window as unknown as { layoutShift: number }).layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const path of [ROUTE_PATHS.home, ROUTE_PATHS.contact, ROUTE_PATHS.about]) {
      await openPage(page, path);
      await page.waitForLoadState('networkidle');
      const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
      expect(shift, `layout shift on ${path}`).toBeLessThan(0.02);
    }
  });
});
