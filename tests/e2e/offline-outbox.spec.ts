import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { type Challenge, decodeSolution, encodeSolution } from '../../contract/contact-challenge';
import { enquiryReference } from '../../contract/reference';
import { ROUTE_PATHS } from '../../contract/routes';
import { storedEnquiriesFrom, uniqueEmail } from './enquiry-store';
import { contactPosts, expect, openPage, test } from './fixtures';
import { testWithShortChallenges } from './short-challenges';
import {
  dispatchOutboxSync,
  sendEnquiry,
  notifications,
  queuedCount,
  removeBackgroundSync,
  openContactOffline,
  submitWhileOffline,
  waitForWorkerControl,
} from './pwa';

test.use({ serviceWorkers: 'allow' });

const SENT = 'Message Sent!';
const thanks = 'Thank you, Farah! We will contact you within 24 hours.';

/**
 * Closes the tab, brings the network back and opens the site again in a new
 * tab. Not on the home page: its award pop-up (a modal) would hide the
 * notifications from the accessibility tree.
 */
async function reopenOnline(page: Page, context: BrowserContext): Promise<Page> {
  await page.close();
  await context.setOffline(false);
  const reopened = await context.newPage();
  await openPage(reopened, ROUTE_PATHS.about);
  return reopened;
}

test.describe('with Background Sync', () => {
  test('an enquiry sent offline is kept, then delivered once by sync when the network returns', async ({ page, context }) => {
    const email = uniqueEmail('offline');
    await openContactOffline(page, context);
    await submitWhileOffline(page, email, 'Sent from a train with no signal.');
    expect(await queuedCount(page)).toBe(1);
    expect(await storedEnquiriesFrom(email)).toHaveLength(0);

    await context.setOffline(false);
    await expect(notifications(page)).toContainText(SENT, { timeout: 15_000 });
    await expect(notifications(page)).toContainText(thanks);
    await expect.poll(() => queuedCount(page)).toBe(0);
    const stored = await storedEnquiriesFrom(email);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.message).toBe('Sent from a train with no signal.');
  });

  test('several queued enquiries are delivered in the order they were sent, each once', async ({ page, context }) => {
    const email = uniqueEmail('order');
    await openContactOffline(page, context);
    for (const message of ['First question', 'Second question', 'Third question']) {
      await submitWhileOffline(page, email, message);
    }
    expect(await queuedCount(page)).toBe(3);
    await context.setOffline(false);
    await expect.poll(() => queuedCount(page), { timeout: 15_000 }).toBe(0);
    const stored = await storedEnquiriesFrom(email);
    expect(stored.map((enquiry) => enquiry.message)).toEqual(['First question', 'Second question', 'Third question']);
    const times = stored.map((enquiry) => Date.parse(enquiry.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    await expect(notifications(page)).toContainText(SENT);
  });

  test('a 500 during the replay keeps the enquiry queued; a later sync delivers it once', async ({ page, context }) => {
    const email = uniqueEmail('retry');
    let failures = 0;
    await context.route('**/api/contact', async (route) => {
      failures += 1;
      await route.fulfill({ status: 500, contentType: 'text/plain', body: 'Temporary failure.' });
    });
    await openContactOffline(page, context);
    await submitWhileOffline(page, email, 'Please call me back.');
    await context.setOffline(false);
    await expect.poll(() => failures, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await queuedCount(page)).toBe(1);
    expect(await storedEnquiriesFrom(email)).toHaveLength(0);

    await context.unroute('**/api/contact');
    await dispatchOutboxSync(page, context);
    await expect(notifications(page)).toContainText(SENT, { timeout: 15_000 });
    await expect.poll(() => queuedCount(page)).toBe(0);
    expect(await storedEnquiriesFrom(email)).toHaveLength(1);
  });

  test('when the answer is lost after the service stored the enquiry, the replay stores nothing new', async ({ page, context }) => {
    const email = uniqueEmail('lost');
    const posts = contactPosts(context);
    await openPage(page, ROUTE_PATHS.contact);
    await waitForWorkerControl(page);
    // The page's own request reaches the service, but the answer never comes back.
    await page.route(
      '**/api/contact',
      async (route) => {
        await route.fetch();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await sendEnquiry(page, email, 'Did this arrive?');
    await expect(notifications(page)).toContainText(SENT, { timeout: 15_000 });
    await expect(notifications(page)).toContainText(thanks);
    expect(await storedEnquiriesFrom(email)).toHaveLength(1);
    expect(posts.length).toBeGreaterThanOrEqual(2);
    const keys = await Promise.all(posts.map((post) => post.headerValue('idempotency-key')));
    expect(new Set(keys).size).toBe(1);
  });

  test('a replay the service refuses shows the error and leaves the queue', async ({ page, context }) => {
    const email = uniqueEmail('rejected');
    // The queue holds only valid enquiries: the service refuses this one because it is changed on the way.
    await context.route('**/api/contact', (route) =>
      route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), email: 'not-an-address' }) }),
    );
    await openContactOffline(page, context);
    await submitWhileOffline(page, email, 'This one will be refused.');
    await context.setOffline(false);
    const toast = notifications(page);
    await expect(toast).toHaveAttribute('data-variant', 'destructive', { timeout: 15_000 });
    await expect(toast).toContainText('Error');
    await expect(toast).toContainText('400: Please enter a valid email address.');
    await expect.poll(() => queuedCount(page)).toBe(0);
  });

  test('closed while offline: once the network is back and the site opens again, it is delivered once and the result shown', async ({
    page,
    context,
  }) => {
    const email = uniqueEmail('closed');
    await openContactOffline(page, context);
    await submitWhileOffline(page, email, 'Sent before closing the tab.');
    const reopened = await reopenOnline(page, context);
    await expect(notifications(reopened)).toContainText(SENT, { timeout: 15_000 });
    await expect(notifications(reopened)).toContainText(thanks);
    expect(await storedEnquiriesFrom(email)).toHaveLength(1);
    expect(await queuedCount(reopened)).toBe(0);
  });
});

test.describe('without Background Sync: Chromium with SyncManager removed, standing in for Safari and Firefox', () => {
  test.beforeEach(async ({ context }) => {
    await removeBackgroundSync(context);
  });

  test('the page delivers the queue when it comes back online, once', async ({ page, context }) => {
    const email = uniqueEmail('nosync');
    const posts = contactPosts(context);
    await openPage(page, ROUTE_PATHS.contact);
    await waitForWorkerControl(page);
    expect(await page.evaluate(() => 'SyncManager' in window)).toBe(false);
    await context.setOffline(true);
    await submitWhileOffline(page, email, 'No background sync here.', 'openPage');
    await context.setOffline(false);
    await expect(notifications(page)).toContainText(SENT, { timeout: 15_000 });
    expect(await storedEnquiriesFrom(email)).toHaveLength(1);
    expect(posts).toHaveLength(1);
  });

  test('two delivery triggers at once never send an entry twice', async ({ page, context }) => {
    const email = uniqueEmail('twotriggers');
    const posts = contactPosts(context);
    await openContactOffline(page, context);
    await submitWhileOffline(page, email, 'Only once, please.', 'openPage');
    await context.setOffline(false);
    await page.evaluate(() => {
      window.dispatchEvent(new Event('online'));
      window.dispatchEvent(new Event('online'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect(notifications(page)).toContainText(SENT, { timeout: 15_000 });
    await expect.poll(() => queuedCount(page)).toBe(0);
    expect(posts.length).toBe(1);
    expect(await storedEnquiriesFrom(email)).toHaveLength(1);
  });

  test('the queue is delivered at start when the site is opened again', async ({ page, context }) => {
    const email = uniqueEmail('nosync-start');
    await openContactOffline(page, context);
    await submitWhileOffline(page, email, 'Delivered when I come back.', 'openPage');
    const reopened = await reopenOnline(page, context);
    await expect(notifications(reopened)).toContainText(SENT, { timeout: 15_000 });
    expect(await storedEnquiriesFrom(email)).toHaveLength(1);
  });

  test('a 500 keeps the enquiry queued until a later trigger delivers it', async ({ page, context }) => {
    const email = uniqueEmail('nosync-500');
    await openContactOffline(page, context);
    await submitWhileOffline(page, email, 'Try again later.', 'openPage');
    let failures = 0;
    await context.route('**/api/contact', async (route) => {
      failures += 1;
      await route.fulfill({ status: 503, contentType: 'text/plain', body: 'Busy.' });
    });
    await context.setOffline(false);
    await expect.poll(() => failures, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await queuedCount(page)).toBe(1);
    await context.unroute('**/api/contact');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(notifications(page)).toContainText(SENT, { timeout: 15_000 });
    expect(await storedEnquiriesFrom(email)).toHaveLength(1);
  });
});

/**
 * Monday's enquiry, Tuesday's solution, with challenges that expire in
 * seconds: the queue keeps no solution, and whoever delivers (the worker by
 * Background Sync with no page open, or the page) solves a fresh challenge as
 * it sends; "Message Sent!" then shows the stored enquiry's reference.
 */
async function deliveredAfterTheChallengeExpired(page: Page, context: BrowserContext, dbFile: string, by: 'worker' | 'page') {
  const email = uniqueEmail(`expired-challenge-${by}`);
  const posts = contactPosts(context);
  await openPage(page, ROUTE_PATHS.contact);
  await waitForWorkerControl(page);
  // The challenge a form that solved when it was filled in would have carried in the queue.
  const monday = await page.evaluate(async () => (await fetch('/api/contact/challenge')).json() as Promise<Challenge>);
  await context.setOffline(true);
  await submitWhileOffline(page, email, 'Written on the train on Monday.', by === 'worker' ? 'backgroundSync' : 'openPage');
  expect(await queuedCount(page)).toBe(1);

  // The service judges the expiry on its own clock, in its own process, which the page's clock does not move:
  // wait for the second its answers are dated to pass Monday's expiry (unix seconds), not on the test's clock.
  const servicesSecond = async () => Date.parse((await context.request.head(ROUTE_PATHS.about)).headers().date!) / 1000;
  await expect.poll(servicesSecond, { timeout: 15_000 }).toBeGreaterThan(monday.parameters.expiresAt!);
  // Monday's solution, never used, is now refused by the service: it expired.
  const stale = encodeSolution({ challenge: monday, solution: (await solveChallenge({ challenge: monday, deriveKey }))! });
  const refused = await context.request.post('/api/contact', {
    headers: { 'Idempotency-Key': randomUUID(), Altcha: stale },
    data: { firstName: 'Monday', lastName: 'Probe', email: uniqueEmail('probe'), message: 'Expired?' },
    failOnStatusCode: false,
  });
  expect(refused.status()).toBe(428);

  let shownOn = page;
  if (by === 'worker') {
    await page.close();
    await context.setOffline(false);
    await expect.poll(async () => (await storedEnquiriesFrom(email, dbFile)).length, { timeout: 15_000 }).toBe(1);
    expect(posts.at(-1)!.serviceWorker()).not.toBeNull();
    shownOn = await context.newPage();
    await openPage(shownOn, ROUTE_PATHS.about);
  } else {
    await context.setOffline(false);
  }
  await expect(notifications(shownOn)).toContainText(SENT, { timeout: 15_000 });
  await expect(notifications(shownOn)).toContainText(thanks);
  await expect.poll(() => queuedCount(shownOn)).toBe(0);
  const stored = await storedEnquiriesFrom(email, dbFile);
  expect(stored).toHaveLength(1);
  // The stored enquiry's own reference, whoever delivered it.
  await expect(notifications(shownOn)).toContainText(`Your reference is ${enquiryReference(stored[0]!.id)}.`);
  const delivered = decodeSolution((await posts.at(-1)!.headerValue('altcha')) ?? '');
  expect(delivered?.challenge.parameters.expiresAt).toBeGreaterThan(monday.parameters.expiresAt!);
}

testWithShortChallenges.describe('a challenge that expired while the enquiry waited', () => {
  testWithShortChallenges(
    'with Background Sync: the worker solves a fresh one and delivers once',
    async ({ page, context, shortChallenges }) => {
      await deliveredAfterTheChallengeExpired(page, context, shortChallenges.dbFile, 'worker');
    },
  );

  testWithShortChallenges(
    'without Background Sync: the page solves a fresh one and delivers once',
    async ({ page, context, shortChallenges }) => {
      await removeBackgroundSync(context);
      await deliveredAfterTheChallengeExpired(page, context, shortChallenges.dbFile, 'page');
    },
  );
});
