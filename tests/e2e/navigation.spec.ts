import type { Page } from '@playwright/test';
import { ROUTE_PATHS } from '../../contract/routes';
import { closeAwardPopup, expect, openPage, test } from './fixtures';

const LINKS = [
  { label: 'Home', path: ROUTE_PATHS.home },
  { label: 'About Us', path: ROUTE_PATHS.about },
  { label: 'Services', path: ROUTE_PATHS.services },
  { label: 'Track Records', path: ROUTE_PATHS.portfolio },
  { label: 'Contact', path: ROUTE_PATHS.contact },
] as const;

const header = (page: Page) => page.locator('header nav[aria-label="Main"]');

test('the top bar has the five links in order and marks exactly the active one', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.about);
  const nav = header(page);
  await expect(nav.getByRole('link')).toHaveText(LINKS.map((link) => link.label));
  for (const link of LINKS) {
    await nav.getByRole('link', { name: link.label, exact: true }).click();
    await expect(page).toHaveURL(link.path);
    if (link.path === ROUTE_PATHS.home) await closeAwardPopup(page);
    await expect(nav.locator('[aria-current="page"]')).toHaveText(link.label);
  }
});

test('Home is not active on other paths; other links are active below their path', async ({ page }) => {
  await openPage(page, `${ROUTE_PATHS.services}/wealth-management`);
  const nav = header(page);
  await expect(nav.locator('[aria-current="page"]')).toHaveText('Services');
  await openPage(page, '/no-such-page');
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);
});

test('following a link scrolls the page smoothly to the top', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.services);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.evaluate(() => {
    const positions: number[] = [];
    (window as unknown as { scrollPositions: number[] }).scrollPositions = positions;
    window.addEventListener('scroll', () => positions.push(window.scrollY));
  });
  await page.locator('footer').getByRole('link', { name: 'Track Records' }).click();
  await expect(page).toHaveURL(ROUTE_PATHS.portfolio);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  const positions = await page.evaluate(() => (window as unknown as { scrollPositions: number[] }).scrollPositions);
  // A smooth scroll passes through positions between the start and the top; a jump does not.
  expect(positions.filter((y) => y > 0).length).toBeGreaterThan(1);
});

test('Login opens the external portal in a new tab, safely', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.about);
  const login = page.locator('header').getByRole('link', { name: /Login/ });
  await expect(login).toHaveAttribute('href', 'https://portal.teratai-wealth.example/login');
  await expect(login).toHaveAttribute('target', '_blank');
  await expect(login).toHaveAttribute('rel', 'noopener noreferrer');
});

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the links sit in a right-side drawer opened by the menu button', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.about);
    await expect(header(page)).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    const box = (await drawer.boundingBox())!;
    expect(box.x + box.width).toBeCloseTo(375, 0);
    // The language switcher follows, with each language's name in itself.
    await expect(drawer.getByRole('link')).toHaveText([
      ...LINKS.map((link) => link.label),
      /Login/,
      'English',
      'Bahasa Malaysia',
      '简体中文',
    ]);
    await expect(drawer.locator('[aria-current="page"]')).toHaveText('About Us');
    const login = drawer.getByRole('link', { name: /Login/ });
    await expect(login).toHaveAttribute('target', '_blank');
    await expect(login).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('choosing a link closes the drawer and navigates', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.about);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(ROUTE_PATHS.contact);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });

  test('Escape closes the drawer and focus returns to the menu button', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.about);
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test('the open drawer keeps keyboard focus inside it', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.about);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
  });
});

// Each page opened once and laid out again at each width: a resize runs the same media queries as a fresh load,
// and two animation frames let what measures itself on a resize (the carousel) do so.
for (const path of [...LINKS.map((link) => link.path), '/missing']) {
  test(`${path} scrolls sideways at no width (360, 768, 1280, 1920 px)`, async ({ page }) => {
    await openPage(page, path);
    for (const width of [360, 768, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
    }
  });
}
