import type { BrowserContext, Route } from '@playwright/test';
import { ROUTE_PATHS } from '../../contract/routes';
import { retryDelayMs } from '../../sw/outbox';
import { storedEnquiriesFrom, uniqueEmail } from './enquiry-store';
import { contactPosts, expect, openPage, test } from './fixtures';
import {
  denyBackgroundSync,
  sendEnquiry,
  notifications,
  openContactOffline,
  queuedCount,
  submitWhileOffline,
  waitForWorkerControl,
  waitingStatus,
} from './pwa';

test.use({ serviceWorkers: 'allow' });

/**
 * The one delivery rule (contract/contact-delivery.ts) against the real
 * service, with the network in between played by context.route (which sees
 * the page's and the service worker's requests alike): only the service's own
 * answer counts, and nothing else loses or blocks an enquiry.
 */

const SENT = 'Message Sent!';
const OFFLINE_TITLE = "You're offline, message saved";
const PORTAL_PAGE = '<!doctype html><title>Airport Wi-Fi</title><h1>Accept the terms of use to get online</h1>';
const NGINX_404 =
  '<html><head><title>404 Not Found</title></head><body><center><h1>404 Not Found</h1></center><hr><center>nginx</center></body></html>';

/**
 * Past every wait the page plans for a queue that met something other than the
 * service: an entry's back-off after its second failed send (sw/outbox.ts), and
 * the page's own look at a queue it handed to Background Sync (10 s,
 * app/lib/outbox-bridge.ts). Once the way is clear, the tests move the page's
 * clock (openPage installed it) by this much rather than wait it out; the
 * page's timer then delivers, as it would later on the wall clock.
 */
const PAST_THE_BACK_OFF_MS = retryDelayMs(2);

/** Puts something between the browser and the service: `answer` replies instead of the service while `active()` says so. */
async function interpose(context: BrowserContext, active: (route: Route) => boolean, answer: Parameters<Route['fulfill']>[0]) {
  let answered = 0;
  await context.route('**/api/contact', async (route) => {
    if (!active(route)) return route.continue();
    answered += 1;
    return route.fulfill(answer);
  });
  return () => answered;
}

test('a Wi-Fi portal answering 200 is not "Message Sent!": the enquiry waits, then arrives once', async ({ page, context }) => {
  const email = uniqueEmail('portal');
  let portalUp = true;
  const portalAnswers = await interpose(context, () => portalUp, { status: 200, contentType: 'text/html', body: PORTAL_PAGE });
  await openPage(page, ROUTE_PATHS.contact);
  await waitForWorkerControl(page);
  await sendEnquiry(page, email, 'Sent from the airport lounge.');

  await expect(notifications(page)).toContainText(OFFLINE_TITLE);
  await expect(page.getByLabel('Message')).toHaveValue('');
  await expect(waitingStatus(page)).toHaveText(/^1 message is waiting to be sent\. It will go automatically/);
  // The form's send and the outbox's first replay both met the portal, and neither counted it as stored.
  await expect.poll(portalAnswers).toBeGreaterThanOrEqual(2);
  expect(await queuedCount(page)).toBe(1);
  await expect(notifications(page)).not.toContainText(SENT);
  expect(await storedEnquiriesFrom(email)).toHaveLength(0);

  portalUp = false; // the visitor accepted the portal's terms; nobody sends anything again
  await page.clock.fastForward(PAST_THE_BACK_OFF_MS);
  await expect(notifications(page)).toContainText(SENT, { timeout: 30_000 });
  await expect(notifications(page)).toContainText('Thank you, Farah! We will contact you within 24 hours.');
  await expect(waitingStatus(page)).toHaveText('');
  expect(await storedEnquiriesFrom(email)).toHaveLength(1);
  expect(await queuedCount(page)).toBe(0);
});

test('Background Sync refused: the page delivers the enquiry once when the network is back, without a reload', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('sync-denied');
  const posts = contactPosts(context);
  await openPage(page, ROUTE_PATHS.contact);
  await waitForWorkerControl(page);
  await denyBackgroundSync(page, context);
  const refusal = await page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync: { register(tag: string): Promise<void> };
    };
    return registration.sync.register('probe').then(
      () => 'registered',
      (error: Error) => error.name,
    );
  });
  expect(refusal).toBe('NotAllowedError');
  let loads = 0;
  page.on('load', () => (loads += 1));

  await context.setOffline(true);
  await submitWhileOffline(page, email, 'My browser blocks background sync.', 'openPage');
  expect(await queuedCount(page)).toBe(1);
  await context.setOffline(false);

  await expect(notifications(page)).toContainText(SENT, { timeout: 15_000 });
  expect(await storedEnquiriesFrom(email)).toHaveLength(1);
  expect(posts).toHaveLength(1);
  expect(await queuedCount(page)).toBe(0);
  expect(loads).toBe(0);
});

test('an intermediary’s 404 page during the replay keeps the enquiry; it is delivered once afterwards', async ({ page, context }) => {
  const email = uniqueEmail('proxy-404');
  let proxyBroken = true;
  const proxyPages = await interpose(context, () => proxyBroken, { status: 404, contentType: 'text/html', body: NGINX_404 });
  await openContactOffline(page, context);
  await submitWhileOffline(page, email, 'Behind a company proxy.');
  await context.setOffline(false);

  await expect.poll(proxyPages, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(await queuedCount(page)).toBe(1);
  await expect(waitingStatus(page)).toHaveText(/^1 message is waiting/);
  // Not the service's refusal: nothing dropped, no error shown.
  await expect(notifications(page)).not.toContainText('Error');
  expect(await storedEnquiriesFrom(email)).toHaveLength(0);

  proxyBroken = false;
  await page.clock.fastForward(PAST_THE_BACK_OFF_MS);
  await expect(notifications(page)).toContainText(SENT, { timeout: 30_000 });
  expect(await storedEnquiriesFrom(email)).toHaveLength(1);
  expect(await queuedCount(page)).toBe(0);
});

test('a stuck first entry does not hold up the one queued behind it', async ({ page, context }) => {
  const email = uniqueEmail('stuck');
  const STUCK = 'First, stuck behind a broken gateway.';
  const FREE = 'Second, free to go.';
  let stuck = true;
  const sends: string[] = [];
  await context.route('**/api/contact', async (route) => {
    const message = (route.request().postDataJSON() as { message: string }).message;
    sends.push(message);
    if (stuck && message === STUCK) return route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' });
    return route.continue();
  });
  await openContactOffline(page, context);
  await submitWhileOffline(page, email, STUCK);
  await submitWhileOffline(page, email, FREE);
  await expect(waitingStatus(page)).toHaveText(/^2 messages are waiting to be sent\. They will go automatically/);
  await context.setOffline(false);

  await expect.poll(async () => (await storedEnquiriesFrom(email)).map((enquiry) => enquiry.message), { timeout: 15_000 }).toEqual([FREE]);
  expect(await queuedCount(page)).toBe(1);
  // In the same pass as the stuck entry's failure, not once that entry's back-off let the queue move on.
  expect(sends.slice(0, 2)).toEqual([STUCK, FREE]);

  stuck = false;
  await page.clock.fastForward(PAST_THE_BACK_OFF_MS);
  await expect.poll(() => queuedCount(page), { timeout: 30_000 }).toBe(0);
  const stored = await storedEnquiriesFrom(email);
  expect(stored.map((enquiry) => enquiry.message).sort()).toEqual([STUCK, FREE]);
  expect(sends.filter((message) => message === FREE)).toHaveLength(1);
});

test('the contact page says how many messages wait, also after a reload, until they are sent', async ({ page, context }) => {
  const email = uniqueEmail('waiting');
  await openContactOffline(page, context);
  await expect(waitingStatus(page)).toHaveText('');
  await submitWhileOffline(page, email, 'One.');
  await expect(waitingStatus(page)).toHaveText(
    '1 message is waiting to be sent. It will go automatically as soon as the connection allows: no need to send it again.',
  );
  await submitWhileOffline(page, email, 'Two.');
  await expect(waitingStatus(page)).toHaveText(/^2 messages are waiting to be sent\./);

  await openPage(page, ROUTE_PATHS.contact); // offline: from the precache
  await expect(waitingStatus(page)).toHaveText(/^2 messages are waiting to be sent\./);

  await context.setOffline(false);
  await expect(waitingStatus(page)).toHaveText('', { timeout: 15_000 });
  expect(await storedEnquiriesFrom(email)).toHaveLength(2);
});
