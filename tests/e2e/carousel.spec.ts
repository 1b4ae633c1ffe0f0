import type { Locator, Page } from '@playwright/test';
import { CAROUSEL_AUTOPLAY_MS } from '../../app/config/timings';
import { ROUTE_PATHS } from '../../contract/routes';
import { closeAwardPopup, expect, openPage, test } from './fixtures';

const TITLES = [
  'Strategic Investment Planning',
  'Portfolio Management Excellence',
  'Market Analysis & Research',
  'Wealth Preservation Strategies',
  'Financial Consultation',
];

async function openCarousel(page: Page) {
  await openPage(page, ROUTE_PATHS.home);
  await closeAwardPopup(page);
  const carousel = page.getByRole('region', { name: 'Highlights' });
  await expect(carousel).toBeVisible();
  return carousel;
}

/** The title of the slide in view, read from the current dot. */
async function currentSlide(carousel: Locator) {
  const label = await carousel.locator('button[aria-current="true"]').getAttribute('aria-label');
  return label!.replace(/^Go to slide \d: /, '');
}

test('has five slides with images, titles and subtitles, and five named dots', async ({ page }) => {
  const carousel = await openCarousel(page);
  for (const title of TITLES) await expect(carousel.getByText(title, { exact: true })).toHaveCount(1);
  const images = carousel.locator('.swiper-slide img');
  await expect(images).toHaveCount(5);
  for (const image of await images.all()) await expect(image).toHaveAttribute('alt', /\w/);
  const dots = carousel.getByRole('button', { name: /^Go to slide/ });
  await expect(dots).toHaveCount(5);
  await expect(carousel.locator('button[aria-current="true"]')).toHaveCount(1);
});

test('the previous and next buttons move one slide, looping at both ends', async ({ page }) => {
  const carousel = await openCarousel(page);
  // Each interaction restarts the 3 s autoplay wait, so the steps below are not overtaken by it.
  await carousel.getByRole('button', { name: `Go to slide 5: ${TITLES[4]}` }).click();
  await expect.poll(() => currentSlide(carousel)).toBe(TITLES[4]);
  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expect.poll(() => currentSlide(carousel)).toBe(TITLES[0]);
  await carousel.getByRole('button', { name: 'Previous slide' }).click();
  await expect.poll(() => currentSlide(carousel)).toBe(TITLES[4]);
  await carousel.getByRole('button', { name: 'Previous slide' }).click();
  await expect.poll(() => currentSlide(carousel)).toBe(TITLES[3]);
});

test('a dot jumps to its slide and becomes the highlighted one', async ({ page }) => {
  const carousel = await openCarousel(page);
  const dot = carousel.getByRole('button', { name: `Go to slide 4: ${TITLES[3]}` });
  await dot.click();
  await expect(dot).toHaveAttribute('aria-current', 'true');
  await expect(carousel.locator('.swiper-slide-active')).toContainText(TITLES[3]!);
});

test('autoplays every 3 s and keeps going after the visitor uses it', async ({ page }) => {
  const carousel = await openCarousel(page);
  const first = await currentSlide(carousel);
  await expect.poll(() => currentSlide(carousel), { timeout: 5000 }).not.toBe(first);
  await carousel.getByRole('button', { name: 'Go to slide 1: Strategic Investment Planning' }).click();
  await expect.poll(() => currentSlide(carousel)).toBe(TITLES[0]);
  const clickedAt = Date.now();
  await expect.poll(() => currentSlide(carousel), { timeout: 6000 }).toBe(TITLES[1]);
  expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(2500);
});

test('the arrows have tooltips after a hover', async ({ page }) => {
  const carousel = await openCarousel(page);
  await carousel.getByRole('button', { name: 'Next slide' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Next slide' })).toBeVisible();
});

/** More than one autoplay interval on the page's clock, without waiting for it. */
const pastAnAutoplayStep = (page: Page) => page.clock.runFor(CAROUSEL_AUTOPLAY_MS + 1000);

test('a pause button stops the slides, and starts them again (WCAG 2.2.2)', async ({ page }) => {
  await page.clock.install();
  const carousel = await openCarousel(page);
  await carousel.getByRole('button', { name: 'Pause the slides' }).click();
  const paused = await currentSlide(carousel);
  await pastAnAutoplayStep(page);
  expect(await currentSlide(carousel)).toBe(paused);
  await carousel.getByRole('button', { name: 'Play the slides' }).click();
  await expect.poll(() => currentSlide(carousel), { timeout: 5_000 }).not.toBe(paused);
});

test.describe('for a visitor who asked for reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the slides start paused, and play on request', async ({ page }) => {
    await page.clock.install();
    const carousel = await openCarousel(page);
    const first = await currentSlide(carousel);
    await pastAnAutoplayStep(page);
    expect(await currentSlide(carousel)).toBe(first);
    await carousel.getByRole('button', { name: 'Play the slides' }).click();
    await expect.poll(() => currentSlide(carousel), { timeout: 5_000 }).not.toBe(first);
  });
});
