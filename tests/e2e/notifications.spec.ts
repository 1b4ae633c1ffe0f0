import type { Page } from '@playwright/test';
import { SERVICE_ANSWER_HEADER } from '../../contract/http';
import { ROUTE_PATHS } from '../../contract/routes';
import { expect, openPage, test } from './fixtures';

/**
 * Notifications are raised the way visitors raise them: by sending the contact
 * form. The service's refusal is simulated at the network boundary here (with
 * the mark of the service's own answers, or the page would keep the enquiry
 * for later instead); the real service's answers are covered in
 * contact-form.spec.ts.
 */
async function failNextSubmissions(page: Page, status: number, body: string) {
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status, body, contentType: 'text/plain', headers: { [SERVICE_ANSWER_HEADER.name]: SERVICE_ANSWER_HEADER.value } }),
  );
}

async function sendForm(page: Page, message = 'I would like a portfolio review.') {
  await page.getByLabel('First Name').fill('Nurul');
  await page.getByLabel('Last Name').fill('Huda');
  await page.getByLabel('Email Address').fill('nurul@example.com');
  await page.getByLabel('Message').fill(message);
  await page.getByRole('button', { name: 'Send Message' }).click();
}

const viewport = (page: Page) => page.getByRole('region', { name: /Notification/ });

test('a failure shows one destructive notification with "status: body"', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.contact);
  await failNextSubmissions(page, 422, 'This enquiry cannot be accepted.');
  await sendForm(page);
  const toast = viewport(page).locator('li');
  await expect(toast).toHaveCount(1);
  await expect(toast).toHaveAttribute('data-variant', 'destructive');
  await expect(toast).toContainText('Error');
  await expect(toast).toContainText('422: This enquiry cannot be accepted.');
});

test('only one notification is shown at a time', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.contact);
  await failNextSubmissions(page, 400, 'First failure.');
  await sendForm(page);
  await expect(viewport(page).getByText('400: First failure.')).toBeVisible();
  await page.unroute('**/api/contact');
  await failNextSubmissions(page, 422, 'Second failure.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(viewport(page).getByText('422: Second failure.')).toBeVisible();
  await expect(viewport(page).locator('li')).toHaveCount(1);
});

test('a notification stays about 5 s, then closes by itself', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.contact);
  await failNextSubmissions(page, 400, 'Timed failure.');
  // Timed inside the page: the test runner's own polling lags on a loaded machine.
  await page.evaluate(() => {
    const times: { openedAt?: number; closedAt?: number } = {};
    (window as unknown as { toastTimes: typeof times }).toastTimes = times;
    new MutationObserver(() => {
      const open = [...document.querySelectorAll('li[data-state="open"]')].some((li) => li.textContent?.includes('400: Timed failure.'));
      if (open) times.openedAt ??= performance.now();
      else if (times.openedAt !== undefined) times.closedAt ??= performance.now();
    }).observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
  });
  await sendForm(page);
  const toast = viewport(page).getByText('400: Timed failure.');
  await expect(toast).toBeVisible();
  await page.mouse.move(5, 700);
  await expect(toast).toBeHidden({ timeout: 9000 });
  const { openedAt, closedAt } = await page.evaluate(
    () => (window as unknown as { toastTimes: { openedAt: number; closedAt: number } }).toastTimes,
  );
  const shownFor = closedAt - openedAt;
  expect(shownFor).toBeGreaterThanOrEqual(4500);
  expect(shownFor).toBeLessThan(8000);
});

test('a notification swiped right past 50 px is dismissed, a shorter swipe is not', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.contact);
  await failNextSubmissions(page, 400, 'Swipe me.');
  await sendForm(page);
  const toast = viewport(page).locator('li');
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + 20;
  const swipe = async (distance: number) => {
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) await page.mouse.move(x + (distance * step) / 10, y);
    await page.mouse.up();
  };
  await swipe(30);
  await expect(toast).toHaveAttribute('data-swipe', 'cancel');
  await expect(toast).toBeVisible();
  // A loaded machine can drop a synthetic gesture's events; a person would simply swipe again.
  await expect(async () => {
    await swipe(90);
    await expect(toast).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
});

test('F8 moves focus to the notifications', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.contact);
  await failNextSubmissions(page, 400, 'Focus me.');
  await sendForm(page);
  await expect(viewport(page).locator('li')).toBeVisible();
  await page.keyboard.press('F8');
  await expect(viewport(page).locator('ol')).toBeFocused();
});
