import type { BrowserContext, Page } from '@playwright/test';
import { expect, openPage } from './fixtures';

/** Resolves once the service worker is active and controls the page (it claims the first visit). */
export async function waitForWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
    );
  });
}

/** How many enquiries wait in the outbox (read straight from IndexedDB). */
export async function queuedCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('tw-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('outbox')) return resolve(0);
          const read = db.transaction('outbox').objectStore('outbox').get('state');
          read.onsuccess = () => resolve((read.result as { entries: unknown[] } | undefined)?.entries.length ?? 0);
          read.onerror = () => reject(read.error);
        };
      }),
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
    tag: 'tw-contact-outbox',
    lastChance: false,
  });
  await cdp.detach();
}

/** Makes the browser act like Safari or Firefox, which have no Background Sync. */
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

export const notifications = (page: Page) => page.getByRole('region', { name: /Notification/ }).locator('li');

/** Sends an enquiry while offline and checks it was kept: the offline notice shows and the form resets. */
export async function submitWhileOffline(page: Page, email: string, message: string): Promise<void> {
  await fillEnquiry(page, email, message);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(notifications(page)).toContainText("You're offline, message saved");
  await expect(notifications(page)).toContainText("We'll send it automatically as soon as you're back online.");
  await expect(page.getByLabel('Message')).toHaveValue('');
}

/** Opens the contact page, lets the worker take control (it precaches the site), then cuts the network. */
export async function openContactOffline(page: Page, context: BrowserContext): Promise<void> {
  await openPage(page, '/contact');
  await waitForWorkerControl(page);
  await context.setOffline(true);
}
