/**
 * The anti-spam check is solved as the enquiry is sent, and shows in no
 * visible way unless the send takes longer than a second: then the form's
 * status region says so, politely, without moving the focus, until the send
 * ends. The send is made slow at a boundary (the challenge's request is held
 * back) and the time is the page's clock, paused, so that "a second" is exact.
 */
import type { Page } from '@playwright/test';
import { CHALLENGE_ENDPOINT } from '../../contract/contact-challenge';
import type { Locale } from '../../contract/locales';
import { localisedPath } from '../../contract/locales';
import { messages as en } from '../../contract/messages/en';
import { messages as ms } from '../../contract/messages/ms';
import { messages as zh } from '../../contract/messages/zh';
import { ROUTE_PATHS } from '../../contract/routes';
import { uniqueEmail } from './enquiry-store';
import { expect, SITE_COPY, test } from './fixtures';

const CATALOGUES = { en, ms, zh } as const satisfies Record<Locale, unknown>;
const SLOW_SEND_MS = 1_000;

const form = (page: Page) => page.locator('#contact-form');
const notifications = (page: Page, locale: Locale) =>
  page.locator(`[role="region"][aria-label^="${SITE_COPY[locale].notifications.label}"]`);
const toasts = (page: Page, locale: Locale) => notifications(page, locale).locator('li');

/** Opens the contact page on a clock that stands still from then on, and fills the form in. */
async function openFilledForm(page: Page, locale: Locale) {
  await page.clock.install();
  await page.goto(localisedPath(locale, ROUTE_PATHS.contact));
  // The notification area mounts once the app has taken the page over.
  await expect(notifications(page, locale)).toBeAttached();
  await page.locator('#firstName').fill('Farah');
  await page.locator('#lastName').fill('Aziz');
  await page.locator('#email').fill(uniqueEmail(`slow-send-${locale}`));
  await page.locator('#message').fill('I would like to plan for my retirement.');
  // A moment ahead, so that the clock, still running until then, has not passed it.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
}

/** Holds the challenge's request back until the returned function is called: the send is as slow as the test wants. */
async function holdChallenges(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${CHALLENGE_ENDPOINT}`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe('the anti-spam check’s status line', () => {
  for (const locale of ['en', 'zh'] as const) {
    const t = CATALOGUES[locale];

    test(`${locale}: shows once a send has taken more than a second, politely, leaves the focus, and goes when the send ends`, async ({
      page,
    }) => {
      await openFilledForm(page, locale);
      const release = await holdChallenges(page);
      const status = form(page).getByRole('status');
      const send = form(page).getByRole('button', { name: t['form.submit'] });
      await send.click();
      const pending = form(page).getByRole('button', { name: t['form.pending'] });
      await expect(pending).toBeVisible();

      await page.clock.runFor(SLOW_SEND_MS - 1);
      await expect(status).toHaveText('');
      await page.clock.runFor(1);
      await expect(status).toHaveText(t['form.checking']);
      await expect(status).toBeVisible();
      // Announced by the status role's polite live region; the focus stays where the visitor put it.
      await expect(pending).toBeFocused();

      release();
      await expect(toasts(page, locale)).toContainText(t['notice.sent.title']);
      await expect(status).toHaveText('');
      await expect(send).toBeVisible();
    });
  }

  test('a send that ends within the second never shows it', async ({ page }) => {
    const sentence = en['form.checking'];
    await page.addInitScript((text) => {
      const seen = { checking: false };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        if (document.body?.textContent?.includes(text)) seen.checking = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, sentence);
    await openFilledForm(page, 'en');
    const release = await holdChallenges(page);
    await form(page).getByRole('button', { name: en['form.submit'] }).click();
    await expect(form(page).getByRole('button', { name: en['form.pending'] })).toBeVisible();
    await page.clock.runFor(SLOW_SEND_MS - 100);
    release();
    await expect(toasts(page, 'en')).toContainText(en['notice.sent.title']);
    await expect(form(page).getByRole('button', { name: en['form.submit'] })).toBeVisible();

    // Well past the second once the send has ended: nothing left waiting to show the line.
    await page.clock.runFor(5 * SLOW_SEND_MS);
    await expect(form(page).getByRole('status')).toHaveText('');
    expect(await page.evaluate(() => (window as unknown as { seen: { checking: boolean } }).seen.checking)).toBe(false);
  });
});
