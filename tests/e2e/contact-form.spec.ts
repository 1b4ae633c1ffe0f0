import type { Page } from '@playwright/test';
import { decodeSolution } from '../../contract/contact-challenge';
import { enquiryReference } from '../../contract/reference';
import { ROUTE_PATHS } from '../../contract/routes';
import { heldFrom, storedEnquiriesFrom, spamListing, uniqueEmail } from './enquiry-store';
import { contactPosts, expect, expectFieldRefused, openPage, test } from './fixtures';

async function fillValid(page: Page, email: string) {
  await page.getByLabel('First Name').fill('Farah');
  await page.getByLabel('Last Name').fill('Aziz');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('WhatsApp Number').fill('+60 12-987 6543');
  await page.getByLabel('Message').fill('I would like to plan for my retirement.');
}

/** Holds the real request back until the returned function is called, so the pending state can be seen. */
async function holdSubmissions(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contact', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The contact page with the form filled (fillValid) and its request held back (holdSubmissions); counts the posts. */
async function fillHeldBack(page: Page, email: string) {
  const posts = contactPosts(page);
  await openPage(page, ROUTE_PATHS.contact);
  const release = await holdSubmissions(page);
  await fillValid(page, email);
  return { posts, release };
}

const toasts = (page: Page) => page.getByRole('region', { name: /Notification/ }).locator('li');

test('empty or invalid fields get a message under each field, tied to it, and nothing is sent', async ({ page }) => {
  const posts = contactPosts(page);
  await openPage(page, ROUTE_PATHS.contact);
  await page.getByRole('button', { name: 'Send Message' }).click();
  for (const [label, message] of [
    ['First Name', 'Please enter your first name'],
    ['Last Name', 'Please enter your last name'],
    ['Email Address', 'Please enter your email address'],
    ['Message', 'Please enter your message'],
  ] as const) {
    await expectFieldRefused(page.getByLabel(label), message);
  }
  await expect(page.getByLabel('WhatsApp Number')).not.toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Email Address').fill('not-an-address');
  await page.getByLabel('WhatsApp Number').fill('call me');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText(/Please enter a valid WhatsApp number/)).toBeVisible();
  expect(posts).toHaveLength(0);
});

test('a valid enquiry goes pending, is stored once, and the form resets with the service message', async ({ page }) => {
  const email = uniqueEmail('success');
  const { posts, release } = await fillHeldBack(page, email);
  await page.evaluate(() => window.scrollTo(0, 600));
  await page.getByRole('button', { name: 'Send Message' }).click();

  const pending = page.getByRole('button', { name: 'Sending...' });
  await expect(pending).toBeDisabled();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  release();

  const toast = toasts(page);
  await expect(toast).toContainText('Message Sent!');
  await expect(toast).toContainText('Thank you, Farah! We will contact you within 24 hours.');
  await expect(toast).toHaveAttribute('data-variant', 'default');
  // Read now: the notification closes by itself after about 5 s, and the checks below can take that long on a busy machine.
  await expect(toast).toContainText(/Your reference is TW-[0-9A-F]{8}\./);
  const shown = await toast.innerText();
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  for (const label of ['First Name', 'Last Name', 'Email Address', 'WhatsApp Number', 'Message']) {
    await expect(page.getByLabel(label)).toHaveValue('');
  }

  expect(posts).toHaveLength(1);
  const body = posts[0]!.postDataJSON() as Record<string, string>;
  expect(body).toEqual({
    firstName: 'Farah',
    lastName: 'Aziz',
    email,
    phone: '+60 12-987 6543',
    service: '',
    message: 'I would like to plan for my retirement.',
    locale: 'en',
  });
  expect(await posts[0]!.headerValue('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  expect(await posts[0]!.headerValue('accept-language')).toBe('en');
  // The service under test asks for the proof of work (CONTACT_CHALLENGE is on): the page solved it as it sent.
  expect(decodeSolution((await posts[0]!.headerValue('altcha')) ?? '')).not.toBeNull();

  const stored = await storedEnquiriesFrom(email);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ firstName: 'Farah', lastName: 'Aziz', phone: '+60 12-987 6543', service: '', locale: 'en' });
  expect(Date.now() - Date.parse(stored[0]!.createdAt)).toBeLessThan(60_000);
  // The stored enquiry's reference, as the acknowledgement e-mail gives it too.
  expect(shown).toContain(`Your reference is ${enquiryReference(stored[0]!.id)}.`);
});

test('a second submit while one is pending is ignored', async ({ page }) => {
  const email = uniqueEmail('double');
  // The request waits until the second submits were tried: a fixed delay ran out before them on a busy machine.
  const { posts, release } = await fillHeldBack(page, email);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await page.getByLabel('Message').press('Control+Enter');
  await page.getByLabel('First Name').press('Enter');
  await page.getByRole('button', { name: 'Sending...' }).click({ force: true });
  release();
  await expect(toasts(page)).toContainText('Message Sent!');
  expect(posts).toHaveLength(1);
  expect(await storedEnquiriesFrom(email)).toHaveLength(1);
});

test('a browser that refuses the site’s worker (storage blocked, some private windows) still sends, with no error on the page', async ({
  page,
}) => {
  const email = uniqueEmail('no-worker');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    ServiceWorkerContainer.prototype.register = () => Promise.reject(new DOMException('The operation is insecure.', 'SecurityError'));
  });
  await openPage(page, ROUTE_PATHS.contact);
  await fillValid(page, email);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(toasts(page)).toContainText('Message Sent!');
  expect(await storedEnquiriesFrom(email)).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('the service’s own refusal keeps the values and shows its "status: body"', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.contact);
  // The form checks what it sends; the service refuses it only when something changed it on the way.
  await page.route('**/api/contact', (route) =>
    route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), email: 'not-an-address' }) }),
  );
  const email = uniqueEmail('refused');
  await fillValid(page, email);
  await page.getByRole('button', { name: 'Send Message' }).click();
  const toast = toasts(page);
  await expect(toast).toHaveAttribute('data-variant', 'destructive');
  await expect(toast).toContainText('Error');
  await expect(toast).toContainText('400: Please enter a valid email address.');
  await expect(page.getByLabel('First Name')).toHaveValue('Farah');
  await expect(page.getByLabel('Email Address')).toHaveValue(email);
  await expect(page.getByLabel('Message')).toHaveValue('I would like to plan for my retirement.');
  expect(await storedEnquiriesFrom(email)).toHaveLength(0);
});

test('a form the browser sends itself (before the app runs) is answered with a styled page the CSP lets through', async ({ page }) => {
  const email = uniqueEmail('native');
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await openPage(page, ROUTE_PATHS.contact);
  await fillValid(page, email);
  // form.submit() sends it as the browser does when no app handles the submit event.
  await page.getByRole('form', { name: 'Get Started Today' }).evaluate((form: HTMLFormElement) => form.submit());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message Sent!');
  // The page's own stylesheet applied: an inline style the CSP refused would leave the browser's defaults.
  await expect(page.locator('main')).toHaveCSS('max-width', '640px');
  await expect(page.locator('main')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  expect(violations).toEqual([]);
  // It could not solve the anti-spam check: held for review, not lost.
  expect(await heldFrom(email)).toHaveLength(1);
});

test('a bot that fills the hidden field is told it worked, and is only counted, with a short example', async ({ page }) => {
  const email = uniqueEmail('bot');
  await openPage(page, ROUTE_PATHS.contact);
  await fillValid(page, email);
  await page.locator('#website').fill('https://cheap-pills.example', { force: true });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(toasts(page)).toContainText('Message Sent!');
  expect(await storedEnquiriesFrom(email)).toHaveLength(0);
  expect(await heldFrom(email)).toHaveLength(0);
  // The service writes its counts out every few seconds.
  await expect.poll(spamListing, { timeout: 15_000 }).toContain(`<${email}>`);
});
