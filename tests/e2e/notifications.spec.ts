import type { Page } from '@playwright/test';
import { NOTIFICATION_DURATION_MS } from '../../app/config/timings';
import { SERVICE_ANSWER_HEADER } from '../../contract/http';
import { ROUTE_PATHS } from '../../contract/routes';
import { expect, openPage, test } from './fixtures';

// These tests run the page's clock themselves (a notification's time on screen).
test.use({ fastLoadingScreen: false });

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

/**
 * Resolves once the tasks the page has queued so far have run: React starts a
 * notification's timer in an effect, a task after the notification is drawn,
 * and the timer must be set before the page's clock moves. A message on a
 * channel of its own queues behind them (the clock leaves channels alone).
 */
const afterTheAppsPendingTasks = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );

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

test('a notification stays 5 s, then closes by itself', async ({ page }) => {
  // On the page's clock, paused once the page is up: the 5 s are counted exactly, however busy the machine.
  await page.clock.install();
  await openPage(page, ROUTE_PATHS.contact);
  await failNextSubmissions(page, 400, 'Timed failure.');
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  await sendForm(page);
  const toast = viewport(page).getByText('400: Timed failure.');
  await expect(toast).toBeVisible();
  // Off the notification: a pointer over it pauses its timer.
  await page.mouse.move(5, 700);
  await afterTheAppsPendingTasks(page);
  await page.clock.runFor(NOTIFICATION_DURATION_MS - 1);
  await expect(toast).toBeVisible();
  await expect(viewport(page).locator('li')).toHaveAttribute('data-state', 'open');
  await page.clock.runFor(1);
  await expect(toast).toBeHidden();
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
