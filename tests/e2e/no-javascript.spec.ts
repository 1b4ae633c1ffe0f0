import type { Page } from '@playwright/test';
import { ROUTE_PATHS } from '../../contract/routes';
import { heldFrom, storedEnquiriesFrom, uniqueEmail } from './enquiry-store';
import { expect, expectFieldRefused, test } from './fixtures';

/**
 * With JavaScript off the contact form is a plain HTML form: the browser posts
 * it (urlencoded) and the service answers with a page. It cannot solve the
 * anti-spam challenge, so the service holds it for review, unalerted, until
 * someone releases it.
 */
test.use({ javaScriptEnabled: false });

// By role and exact name: on the error page, the summary is labelled "Your message was not sent".
const messageField = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
async function fill(page: Page, fields: { firstName: string; lastName: string; email: string; phone?: string; message: string }) {
  await page.getByLabel('First Name').fill(fields.firstName);
  await page.getByLabel('Last Name').fill(fields.lastName);
  await page.getByLabel('Email Address').fill(fields.email);
  await page.getByLabel('WhatsApp Number').fill(fields.phone ?? '');
  await messageField(page).fill(fields.message);
}

const send = (page: Page) => page.getByRole('button', { name: 'Send Message' }).click();

test('the form is sent by the browser itself: held for review once, and the confirmation shown', async ({ page }) => {
  const email = uniqueEmail('nojs');
  await page.goto(ROUTE_PATHS.contact);
  await fill(page, { firstName: 'Farah', lastName: 'Aziz', email, phone: '+60 12-987 6543', message: 'Sent without JavaScript.' });
  await send(page);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message Sent!');
  await expect(page.getByText('Thank you for your message! We will contact you within 24 hours.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', ROUTE_PATHS.home);
  expect(await storedEnquiriesFrom(email)).toHaveLength(0);
  const held = await heldFrom(email);
  expect(held).toHaveLength(1);
  expect(held[0]).toContain(`Farah Aziz <${email}>`);
  expect(held[0]).toContain('phone: +60 12-987 6543   service: -');
  expect(held[0]).toContain('held: Sent without JavaScript');
  expect(held[0]).toContain('    Sent without JavaScript.');
});

test('errors are shown under their fields, with everything typed kept; the corrected form is held', async ({ page }) => {
  const email = uniqueEmail('nojs-errors');
  await page.goto(ROUTE_PATHS.contact);
  const message = 'Line one <b>not bold</b> & "quoted"\nLine two';
  await fill(page, { firstName: '', lastName: `O'Neil "<i>"`, email: 'not-an-address', message });
  await send(page);

  await expect(page).toHaveTitle('Error: Your message was not sent');
  const summary = page.getByRole('alert');
  await expect(summary).toContainText('Your message was not sent');
  await expect(summary.getByRole('link', { name: 'Please enter a valid email address' })).toHaveAttribute('href', '#email');
  for (const [label, error] of [
    ['First Name', 'Please enter your first name'],
    ['Email Address', 'Please enter a valid email address'],
  ] as const) {
    await expectFieldRefused(page.getByLabel(label), error);
  }
  await expect(page.getByLabel('Last Name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Last Name')).toHaveValue(`O'Neil "<i>"`);
  await expect(page.getByLabel('Email Address')).toHaveValue('not-an-address');
  await expect(messageField(page)).toHaveValue(message);
  await expect(page.locator('b, i')).toHaveCount(0);
  expect(await heldFrom(email)).toHaveLength(0);

  await page.getByLabel('First Name').fill('Farah');
  await page.getByLabel('Email Address').fill(email);
  await send(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message Sent!');
  const held = await heldFrom(email);
  expect(held).toHaveLength(1);
  expect(held[0]).toContain(`Farah O'Neil "<i>" <${email}>`);
  expect(held[0]).toContain('    Line one <b>not bold</b> & "quoted"\n    Line two');
});

test('a double submit is held once', async ({ page }) => {
  const email = uniqueEmail('nojs-double');
  const enquiry = { firstName: 'Farah', lastName: 'Aziz', email, message: 'Did the first one arrive?' };
  await page.goto(ROUTE_PATHS.contact);
  await fill(page, enquiry);
  await send(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message Sent!');

  // Back, and the same enquiry sent again, as a visitor unsure it went does.
  await page.goBack();
  await fill(page, enquiry);
  await send(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message Sent!');
  expect(await heldFrom(email)).toHaveLength(1);
});
