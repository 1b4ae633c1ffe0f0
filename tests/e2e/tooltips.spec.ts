import type { Locator, Page } from '@playwright/test';
import { ROUTE_PATHS } from '../../contract/routes';
import { closeAwardPopup, expect, openPage, test } from './fixtures';

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
  await openPage(page, ROUTE_PATHS.home);
  await closeAwardPopup(page);
  const previous = await centre(page.getByRole('button', { name: 'Previous slide' }));
  const next = await centre(page.getByRole('button', { name: 'Next slide' }));

  // Timed inside the page, from the pointer's arrival on a control to its tooltip's, so test-runner lag does not count.
  type Timing = Record<string, { pointerAt: number; tooltipAt: number }>;
  await page.evaluate(() => {
    const timing: Timing = {};
    (window as unknown as { tooltipTiming: typeof timing }).tooltipTiming = timing;
    document.addEventListener(
      'pointermove',
      (event) => {
        const label = (event.target as Element).closest('button')?.getAttribute('aria-label');
        if (label) timing[label] ??= { pointerAt: performance.now(), tooltipAt: 0 };
      },
      { capture: true },
    );
    new MutationObserver(() => {
      for (const tooltip of document.querySelectorAll('[role="tooltip"]')) {
        const entry = timing[tooltip.textContent ?? ''];
        if (entry && !entry.tooltipAt) entry.tooltipAt = performance.now();
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  const readTiming = () => page.evaluate(() => (window as unknown as { tooltipTiming: Timing }).tooltipTiming);
  const delayOf = async (label: string) => {
    await expect.poll(async () => (await readTiming())[label]?.tooltipAt ?? 0).toBeGreaterThan(0);
    const entry = (await readTiming())[label]!;
    return entry.tooltipAt - entry.pointerAt;
  };

  await page.mouse.move(previous.x, previous.y);
  expect(await delayOf('Previous slide')).toBeGreaterThanOrEqual(695);

  // Moving straight to another icon skips the delay. (A real pointer sends a stream of
  // moves; Radix ignores the single jump that page.mouse.move makes without steps.)
  await page.mouse.move(next.x, next.y, { steps: 8 });
  expect(await delayOf('Next slide')).toBeLessThan(300);
});

test.describe('on a small screen', () => {
  test.use({ viewport: { width: 600, height: 800 } });

  test('the menu button and the WhatsApp close icon have tooltips', async ({ page }) => {
    await openPage(page, ROUTE_PATHS.about);
    await pointUntilTooltip(page, page.getByRole('button', { name: 'Open menu' }), 'Open menu');
    await pointUntilTooltip(page, page.getByRole('button', { name: 'Hide WhatsApp button' }), 'Hide WhatsApp button');
  });
});
