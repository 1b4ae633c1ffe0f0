import type { Page } from '@playwright/test';
import { LOCALES, localisedPath } from '../../contract/locales';
import { APP_ROUTE_PATHS, ROUTE_PATHS } from '../../contract/routes';
import { expectNoViolations, expectReflowAt320 } from './accessibility-checks';
import { closeAwardPopup, expect, openPage, SITE_COPY, test } from './fixtures';

test.describe('with the cookie banner showing', () => {
  test.use({ storedConsent: null });

  for (const path of [...APP_ROUTE_PATHS, '/missing-page']) {
    test(`${path} has no WCAG 2.2 AA violations, and reflows at 320 px`, async ({ page }) => {
      await openPage(page, path);
      if (path === ROUTE_PATHS.home) await closeAwardPopup(page);
      await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
      await expectNoViolations(page);
      await expectReflowAt320(page);
    });
  }
});

// The Malay and Chinese pages are checked in languages.spec.ts, in the test that already opens each in the same state.

test.describe('with a browser in another language', () => {
  test.use({ locale: 'zh-CN' });

  test('the offer of the browser’s language has no violations', async ({ page }) => {
    await openPage(page, localisedPath('ms', ROUTE_PATHS.about));
    await expect(page.getByRole('complementary', { name: SITE_COPY.ms.language.label })).toContainText(LOCALES.zh.offer);
    await expectNoViolations(page);
  });
});

test('the open award pop-up has no violations', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.home);
  await expect(page.getByRole('dialog', { name: 'Award-winning wealth advisory' })).toBeVisible();
  await expectNoViolations(page);
});

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the open drawer has no violations', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.services);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoViolations(page);
  });

  test('the contact form with its error messages has no violations', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.contact);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter your first name')).toBeVisible();
    await expectNoViolations(page);
  });
});

test('keyboard focus is visible on every kind of control', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.contact);
  for (let i = 0; i < 14; i += 1) {
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      return { tag: element.tagName, width: style.outlineWidth, style: style.outlineStyle };
    });
    expect(outline.style, `focus outline on ${outline.tag}`).not.toBe('none');
    expect(parseFloat(outline.width)).toBeGreaterThanOrEqual(2);
  }
});

test('a skip link leads past the header to the main content', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.about);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});

test.describe('focus, when what held it goes away, stays in the page (not back at its top)', () => {
  /** The next Tab goes on from the main content, not from the skip link at the top. */
  async function expectFocusInMain(page: Page) {
    await expect(page.locator('main')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).not.toBeFocused();
    // In the main content, or after it (a page without a link in it goes on to the footer).
    const after = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const active = document.activeElement!;
      return main.contains(active) || Boolean(main.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(after).toBe(true);
  }

  test.describe('with the cookie banner showing', () => {
    test.use({ storedConsent: null });

    test('answering the cookie banner by keyboard', async ({ page }) => {
      await openPage(page, ROUTE_PATHS.about);
      await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Decline' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeHidden();
      await expectFocusInMain(page);
    });
  });

  test('closing the award pop-up with Escape', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.home);
    await expect(page.getByRole('dialog', { name: 'Award-winning wealth advisory' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expectFocusInMain(page);
  });

  test('sending the contact form: the button keeps focus while it sends, and after', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.contact);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('First Name').fill('Focus');
    await page.getByLabel('Last Name').fill('Keeper');
    await page.getByLabel('Email Address').fill('focus@example.com');
    await page.getByLabel('Message').fill('Checking where the focus goes.');
    await page.getByRole('button', { name: 'Send Message' }).focus();
    await page.keyboard.press('Enter');
    const sending = page.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeFocused();
    release();
    await expect(page.getByText('Message Sent!', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeFocused();
  });
});
