import type { Locator } from '@playwright/test';
import { closeAwardPopup, expect, openPage, test } from './fixtures';

async function centre(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('icon-only controls get a tooltip after 700 ms, and the next one at once within 300 ms', async ({ page }) => {
  await openPage(page, '/');
  await closeAwardPopup(page);
  const previous = await centre(page.getByRole('button', { name: 'Previous slide' }));
  const next = await centre(page.getByRole('button', { name: 'Next slide' }));

  await page.mouse.move(previous.x, previous.y);
  const hoveredAt = Date.now();
  await expect(page.getByRole('tooltip', { name: 'Previous slide' })).toBeVisible();
  expect(Date.now() - hoveredAt).toBeGreaterThanOrEqual(650);

  // Moving straight to another icon skips the delay. (A real pointer sends a stream of
  // moves; Radix ignores the single jump that page.mouse.move makes without steps.)
  await page.mouse.move(next.x, next.y, { steps: 8 });
  const movedAt = Date.now();
  await expect(page.getByRole('tooltip', { name: 'Next slide' })).toBeVisible();
  expect(Date.now() - movedAt).toBeLessThan(600);
});

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 600, height: 800 } });

  test('the menu button and the WhatsApp close icon have tooltips', async ({ page }) => {
    await openPage(page, '/about');
    await page.getByRole('button', { name: 'Open menu' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Open menu' })).toBeVisible();
    const close = await centre(page.getByRole('button', { name: 'Hide WhatsApp button' }));
    await page.mouse.move(close.x, close.y, { steps: 8 });
    await expect(page.getByRole('tooltip', { name: 'Hide WhatsApp button' })).toBeVisible();
  });
});
