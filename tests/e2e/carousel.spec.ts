import type { Locator, Page } from '@playwright/test';
import { CAROUSEL_AUTOPLAY_MS } from '../../app/config/timings';
import { ROUTE_PATHS } from '../../contract/routes';
import { closeAwardPopup, expect, openPage, test } from './fixtures';

// These tests run the page's clock themselves (the carousel's timing).
test.use({ fastLoadingScreen: false });

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

/** An animation frame's time on the page's clock, which fires the frames its pause holds back. */
const ONE_FRAME_MS = 16;

/** More than one autoplay interval on the page's clock, without waiting for it. */
const pastAnAutoplayStep = (page: Page) => page.clock.runFor(CAROUSEL_AUTOPLAY_MS + 1000);

/**
 * Whether the slides' timer counts towards the next slide: Swiper's documented
 * `autoplay.paused`, which it clears when a slide has settled after a move.
 */
const autoplayCounting = (carousel: Locator) =>
  carousel
    .locator('.swiper')
    .evaluate((element) => !(element as HTMLElement & { swiper: { autoplay: { paused: boolean } } }).swiper.autoplay.paused);

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
  // On the page's clock, paused once the slides are up: the 3 s are exact, and nothing waits them out.
  await page.clock.install();
  const carousel = await openCarousel(page);
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  const first = await currentSlide(carousel);
  await pastAnAutoplayStep(page);
  await expect.poll(() => currentSlide(carousel)).not.toBe(first);
  await carousel.getByRole('button', { name: `Go to slide 1: ${TITLES[0]}` }).click();
  // Swiper goes to a dot's slide on the next animation frame, which the paused clock holds back.
  await page.clock.runFor(ONE_FRAME_MS);
  await expect.poll(() => currentSlide(carousel)).toBe(TITLES[0]);
  // The 3 s count from when the slide has settled: Swiper waits for the end of its movement.
  await expect.poll(() => autoplayCounting(carousel)).toBe(true);
  await page.clock.runFor(CAROUSEL_AUTOPLAY_MS - 1);
  await expect(carousel.locator('.swiper-slide-active')).toContainText(TITLES[0]!);
  await page.clock.runFor(1);
  await expect.poll(() => currentSlide(carousel)).toBe(TITLES[1]);
});

test('the arrows have tooltips after a hover', async ({ page }) => {
  const carousel = await openCarousel(page);
  await carousel.getByRole('button', { name: 'Next slide' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Next slide' })).toBeVisible();
});

test('a pause button stops the slides, and starts them again (WCAG 2.2.2)', async ({ page }) => {
  await page.clock.install();
  const carousel = await openCarousel(page);
  await carousel.getByRole('button', { name: 'Pause the slides' }).click();
  const paused = await currentSlide(carousel);
  await pastAnAutoplayStep(page);
  expect(await currentSlide(carousel)).toBe(paused);
  await carousel.getByRole('button', { name: 'Play the slides' }).click();
  await pastAnAutoplayStep(page);
  await expect.poll(() => currentSlide(carousel)).not.toBe(paused);
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
    await pastAnAutoplayStep(page);
    await expect.poll(() => currentSlide(carousel)).not.toBe(first);
  });
});
