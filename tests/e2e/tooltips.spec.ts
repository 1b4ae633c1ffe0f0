import type { Locator, Page } from '@playwright/test';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../../app/config/timings';
import { ROUTE_PATHS } from '../../contract/routes';
import { closeAwardPopup, expect, openPage, test } from './fixtures';

// These tests run the page's clock themselves (the tooltips' delays).
test.use({ fastLoadingScreen: false });

/**
 * Points at a control until its tooltip shows. The header's and the floating
 * controls' tooltips arrive with code loaded after the page appears, and a
 * pointer resting still on a control gives Radix nothing to react to; a
 * visitor's mouse keeps moving, so this one does too.
 */
async function pointUntilTooltip(page: Page, control: Locator, name: string) {
  await expect(async () => {
    const { x, y } = await centre(control);
    await page.mouse.move(x - 3, y - 3);
    await page.mouse.move(x, y, { steps: 4 });
    await expect(page.getByRole('tooltip', { name })).toBeVisible({ timeout: 1_500 });
  }).toPass({ timeout: 15_000 });
}

async function centre(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('icon-only controls get a tooltip after 700 ms, and the next one at once within 300 ms', async ({ page }) => {
  // Radix times the tooltips with setTimeout: on the page's clock the delays are exact, however busy the machine.
  await page.clock.install();
  await openPage(page, ROUTE_PATHS.home);
  await closeAwardPopup(page);
  const previous = await centre(page.getByRole('button', { name: 'Previous slide' }));
  const next = await centre(page.getByRole('button', { name: 'Next slide' }));
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));

  await page.mouse.move(previous.x, previous.y);
  await page.clock.runFor(TOOLTIP_DELAY_MS - 1);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(page.getByRole('tooltip', { name: 'Previous slide' })).toBeVisible();

  // Off the icon, and onto another just before the skip window ends: no delay. (A real pointer sends a
  // stream of moves; Radix ignores the single jump that page.mouse.move makes without steps.)
  await page.mouse.move((previous.x + next.x) / 2, previous.y + 60, { steps: 4 });
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.clock.runFor(TOOLTIP_SKIP_DELAY_MS - 1);
  await page.mouse.move(next.x, next.y, { steps: 8 });
  await expect(page.getByRole('tooltip', { name: 'Next slide' })).toBeVisible();
});

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 600, height: 800 } });

  test('the menu button and the WhatsApp close icon have tooltips', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.about);
    await pointUntilTooltip(page, page.getByRole('button', { name: 'Open menu' }), 'Open menu');
    await pointUntilTooltip(page, page.getByRole('button', { name: 'Hide WhatsApp button' }), 'Hide WhatsApp button');
  });
});
