import { expect, openPage, test } from './fixtures';

test.use({ viewport: { width: 600, height: 800 } });

test('icon-only controls get a tooltip after 700 ms, and the next one at once within 300 ms', async ({ page }) => {
  await openPage(page, '/about');
  const menu = page.getByRole('button', { name: 'Open menu' });
  await menu.hover();
  const hoveredAt = Date.now();
  const menuTip = page.getByRole('tooltip', { name: 'Open menu' });
  await expect(menuTip).toBeVisible();
  expect(Date.now() - hoveredAt).toBeGreaterThanOrEqual(650);

  // Moving straight to another icon skips the delay.
  await page.getByRole('link', { name: /Chat with us on WhatsApp/ }).hover();
  await page.getByRole('button', { name: 'Hide WhatsApp button' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Hide WhatsApp button' })).toBeVisible({ timeout: 500 });
});
