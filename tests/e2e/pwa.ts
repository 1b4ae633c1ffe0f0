import type { BrowserContext, Page } from '@playwright/test';
import { OUTBOX } from '../../contract/outbox';
import { ROUTE_PATHS } from '../../contract/routes';
import { expect, openPage } from './fixtures';

/** Resolves once the service worker is active and controls the page (it claims the first visit). */
export async function waitForWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
  });
}

/**
 * How many enquiries wait in the outbox, read straight from IndexedDB under
 * the contract's names. Fails when the database or its store is missing (a
 * renamed store must not read as an empty queue). Opening without a version
 * would create a missing database: the upgrade is aborted instead, so the
 * page's own first open still creates it properly.
 */
export async function queuedCount(page: Page): Promise<number> {
  return page.evaluate(
    ({ databaseName, storeName, stateKey }) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(databaseName);
        open.onupgradeneeded = () => {
          open.transaction?.abort();
          reject(new Error(`The outbox database ${databaseName} does not exist`));
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(storeName)) {
            db.close();
            return reject(new Error(`The outbox database has no store named ${storeName}`));
          }
          const read = db.transaction(storeName).objectStore(storeName).get(stateKey);
          read.onsuccess = () => {
            db.close();
            resolve((read.result as { entries: unknown[] } | undefined)?.entries.length ?? 0);
          };
          read.onerror = () => reject(read.error);
        };
      }),
    OUTBOX,
  );
}

/**
 * Fires the outbox's Background Sync event now, over CDP, instead of waiting
 * for Chromium's own retry back-off (minutes long).
 */
export async function dispatchOutboxSync(page: Page, context: BrowserContext): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((registration) => !registration.isDeleted);
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(page.url()).origin,
    registrationId: await registrationId,
    tag: OUTBOX.syncTag,
    lastChance: false,
  });
  await cdp.detach();
}

/**
 * Blocks Background Sync for the site, as a privacy setting or an enterprise
 * policy does: registration.sync.register() then rejects (NotAllowedError).
 * The browser session stays attached: Chromium drops the override with it.
 */
export async function denyBackgroundSync(page: Page, context: BrowserContext): Promise<void> {
  const pageSession = await context.newCDPSession(page);
  const { targetInfo } = await pageSession.send('Target.getTargetInfo');
  await pageSession.detach();
  const browserSession = await context.browser()!.newBrowserCDPSession();
  await browserSession.send('Browser.setPermission', {
    permission: { name: 'background-sync' },
    setting: 'denied',
    origin: new URL(page.url()).origin,
    browserContextId: targetInfo.browserContextId,
  });
}

/** Removes Background Sync from Chromium: a stand-in for Safari and Firefox, which have none (no WebKit or Gecko runs here). */
export async function removeBackgroundSync(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    delete (window as { SyncManager?: unknown }).SyncManager;
    delete (ServiceWorkerRegistration.prototype as { sync?: unknown }).sync;
  });
}

export async function fillEnquiry(page: Page, email: string, message: string): Promise<void> {
  await page.getByLabel('First Name').fill('Farah');
  await page.getByLabel('Last Name').fill('Aziz');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Message').fill(message);
}

/** Fills the contact form (fillEnquiry) and presses Send Message. */
export async function sendEnquiry(page: Page, email: string, message: string): Promise<void> {
  await fillEnquiry(page, email, message);
  await page.getByRole('button', { name: 'Send Message' }).click();
}

export const notifications = (page: Page) => page.getByRole('region', { name: /Notification/ }).locator('li');

/** The contact form's line about messages waiting in the outbox (empty while none wait). */
export const waitingStatus = (page: Page) => page.getByRole('form', { name: 'Get Started Today' }).getByRole('status');

/**
 * What the offline notice promises, by who delivers the queue: Background Sync
 * (the spec's sentence), or only an open page of the site (no Background
 * Sync, or the browser refused it).
 */
export const QUEUED_SENTENCE = {
  backgroundSync: "We'll send it automatically as soon as you're back online.",
  openPage: 'It will be sent while this site is open and you are online: keep this page open, or come back to it later.',
} as const;

/** Sends an enquiry while offline and checks it was kept: the offline notice shows and the form resets. */
export async function submitWhileOffline(
  page: Page,
  email: string,
  message: string,
  promise: keyof typeof QUEUED_SENTENCE = 'backgroundSync',
): Promise<void> {
  await sendEnquiry(page, email, message);
  await expect(notifications(page)).toContainText("You're offline, message saved");
  await expect(notifications(page)).toContainText(QUEUED_SENTENCE[promise]);
  await expect(page.getByLabel('Message')).toHaveValue('');
}

/** Opens the contact page, lets the worker take control (it precaches the site), then cuts the network. */
export async function openContactOffline(page: Page, context: BrowserContext): Promise<void> {
  await openPage(page, ROUTE_PATHS.contact);
  await waitForWorkerControl(page);
  await context.setOffline(true);
}
