import type { Locator, Page } from '@playwright/test';
import { BRAND } from '../../contract/brand';
import { localisedPath } from '../../contract/locales';
import { messages as malay } from '../../contract/messages/ms';
import { OUTBOX } from '../../contract/outbox';
import { ROUTE_PATHS } from '../../contract/routes';
import { expectNoViolations } from './accessibility-checks';
import { uniqueEmail } from './enquiry-store';
import { expect, openPage, test } from './fixtures';
import {
  denyBackgroundSync,
  notifications,
  openContactOffline,
  QUEUED_SENTENCE,
  queuedCount,
  removeBackgroundSync,
  submitWhileOffline,
  waitForWorkerControl,
  waitingStatus,
} from './pwa';

/**
 * The offline notice promises only what the browser keeps. With Background
 * Sync the queue goes by itself once the network is back, tab closed or not;
 * without it (Safari, Firefox) or where the browser refuses it, only an open
 * page of the site sends it, so the page says so and offers the firm's e-mail
 * and WhatsApp with the message written out. A queued enquiry has no
 * reference yet (the service draws it when it stores one): the links carry
 * the message and the visitor's name.
 */

test.use({ serviceWorkers: 'allow' });

/** The notifications in any language (the region's name is in the page's language). */
const anyNotifications = (page: Page) => page.locator('[role="region"]:has(> ol) li');

/** Query syntax, a fragment, a percent and a second line: each must come back whole from the links. */
const MESSAGE = 'Call me after 6 & ask for Farah? 100% sure, #1 priority + more\nSecond line.';
const NAME = 'Farah Aziz';
const WAITING_OPEN_PAGE =
  '1 message is waiting to be sent. It goes only while this site is open and you are online: keep this page open, or come back to it later.';
const WAITING_BACKGROUND_SYNC =
  '1 message is waiting to be sent. It will go automatically as soon as the connection allows: no need to send it again.';
const LEAD = 'Rather not wait? Send it to us yourself, already written out:';

const contactForm = (page: Page, name = 'Get Started Today') => page.getByRole('form', { name });

/** The values of a link's query, each decoded exactly once (a mailto: URL has no searchParams). */
function queryOf(href: string): Record<string, string> {
  const query = href.slice(href.indexOf('?') + 1);
  expect(query).not.toContain('#');
  return Object.fromEntries(
    query.split('&').map((pair) => {
      const [name, value] = pair.split('=') as [string, string];
      return [name, decodeURIComponent(value)];
    }),
  );
}

/** The prefilled e-mail: to the firm, the subject naming the visitor, the body starting with the message and the name. */
async function expectEmailLink(link: Locator, subject: string) {
  const href = (await link.getAttribute('href'))!;
  expect(href.startsWith(`mailto:${BRAND.email}?`)).toBe(true);
  const query = queryOf(href);
  expect(Object.keys(query)).toEqual(['subject', 'body']);
  expect(query.subject).toBe(subject);
  expect(query.body?.startsWith(`${MESSAGE.replace(/\n/g, '\r\n')}\r\n\r\n${NAME}\r\n`)).toBe(true);
}

/** The prefilled WhatsApp chat: to the firm's number, the text starting with the message and the name. */
async function expectWhatsAppLink(link: Locator) {
  const href = (await link.getAttribute('href'))!;
  expect(href.startsWith(`https://wa.me/${BRAND.phone.whatsappNumber}?`)).toBe(true);
  const query = queryOf(href);
  expect(Object.keys(query)).toEqual(['text']);
  expect(query.text?.startsWith(`${MESSAGE}\n\n${NAME}\n`)).toBe(true);
  await expect(link).toHaveAttribute('target', '_blank');
}

/** The English page's honest state for one waiting message, with both links prefilled. */
async function expectOpenPagePromise(page: Page) {
  await expect(waitingStatus(page)).toHaveText(WAITING_OPEN_PAGE);
  const form = contactForm(page);
  await expect(form).toContainText(LEAD);
  await expectEmailLink(form.getByRole('link', { name: 'By e-mail', exact: true }), `Enquiry from ${NAME}`);
  await expectWhatsAppLink(form.getByRole('link', { name: 'On WhatsApp (opens in a new tab)', exact: true }));
}

/** The English page's state where Background Sync has the queue: its promise, and nothing else offered. */
async function expectBackgroundSyncPromise(page: Page) {
  await expect(waitingStatus(page)).toHaveText(WAITING_BACKGROUND_SYNC);
  const form = contactForm(page);
  await expect(form).not.toContainText(LEAD);
  await expect(form.locator('a[href^="mailto:"], a[href^="https://wa.me/"]')).toHaveCount(0);
}

test.describe('without Background Sync: Chromium with SyncManager removed, standing in for Safari and Firefox', () => {
  test.beforeEach(async ({ context }) => {
    await removeBackgroundSync(context);
  });

  test('queued offline: the page says it goes only while the site is open, and offers e-mail and WhatsApp with the message', async ({
    page,
    context,
  }) => {
    await openContactOffline(page, context);
    expect(await page.evaluate(() => 'SyncManager' in window)).toBe(false);
    await submitWhileOffline(page, uniqueEmail('promise-nosync'), MESSAGE, 'openPage');
    await expect(notifications(page)).not.toContainText(QUEUED_SENTENCE.backgroundSync);
    expect(await queuedCount(page)).toBe(1);
    await expectOpenPagePromise(page);
  });

  test('in Malay: the same sentence and the same prefilled links, in Malay', async ({ page, context }) => {
    await openPage(page, localisedPath('ms', ROUTE_PATHS.contact));
    await waitForWorkerControl(page);
    await context.setOffline(true);
    await page.getByLabel(malay['field.firstName.label']).fill('Farah');
    await page.getByLabel(malay['field.lastName.label']).fill('Aziz');
    await page.getByLabel(malay['field.email.label']).fill(uniqueEmail('promise-ms'));
    await page.getByLabel(malay['field.message.label']).fill(MESSAGE);
    await page.getByRole('button', { name: malay['form.submit'] }).click();

    const toast = anyNotifications(page);
    await expect(toast).toContainText('Anda di luar talian, mesej telah disimpan');
    await expect(toast).toContainText(
      'Mesej akan dihantar semasa laman web ini dibuka dan anda dalam talian: biarkan halaman ini terbuka, atau kembali kepadanya kemudian.',
    );
    await expect(toast).not.toContainText('Kami akan menghantarnya secara automatik');
    const form = contactForm(page, malay['form.heading']);
    await expect(form.getByRole('status')).toHaveText(
      '1 mesej sedang menunggu untuk dihantar. Mesej hanya dihantar semasa laman web ini dibuka dan anda dalam talian: biarkan halaman ini terbuka, atau kembali kepadanya kemudian.',
    );
    await expect(form).toContainText('Tidak mahu menunggu? Hantar sendiri kepada kami, sudah siap ditulis:');
    await expectEmailLink(form.getByRole('link', { name: 'Melalui e-mel', exact: true }), `Pertanyaan daripada ${NAME}`);
    await expectWhatsAppLink(form.getByRole('link', { name: 'Melalui WhatsApp (dibuka dalam tab baharu)', exact: true }));
  });

  test('two waiting messages: each has its own links, named by its place in the queue', async ({ page, context }) => {
    const email = uniqueEmail('promise-two');
    await openContactOffline(page, context);
    await submitWhileOffline(page, email, 'First question.', 'openPage');
    await submitWhileOffline(page, email, 'Second question.', 'openPage');
    const items = contactForm(page).getByRole('listitem');
    await expect(items).toHaveCount(2);
    for (const [index, message] of ['First question.', 'Second question.'].entries()) {
      const item = items.nth(index);
      await expect(item).toContainText(new RegExp(`^Message ${index + 1}, written at \\d{1,2}:\\d{2}`));
      const mail = queryOf((await item.getByRole('link', { name: 'By e-mail', exact: true }).getAttribute('href'))!);
      expect(mail.body?.startsWith(`${message}\r\n\r\n${NAME}\r\n`)).toBe(true);
      const whatsapp = queryOf((await item.getByRole('link', { name: 'On WhatsApp (opens in a new tab)' }).getAttribute('href'))!);
      expect(whatsapp.text?.startsWith(`${message}\n\n${NAME}\n`)).toBe(true);
    }
  });

  for (const { name, width, height } of [
    { name: 'a phone', width: 390, height: 844 },
    { name: 'a desktop', width: 1440, height: 900 },
  ]) {
    test(`the queued state with its links has no WCAG 2.2 AA violations on ${name} (${width} px)`, async ({ page, context }) => {
      await page.setViewportSize({ width, height });
      await openContactOffline(page, context);
      await submitWhileOffline(page, uniqueEmail('promise-axe'), MESSAGE, 'openPage');
      await expectOpenPagePromise(page);
      await expectNoViolations(page);
    });
  }
});

test('Background Sync refused by the browser: the same honest sentence and links', async ({ page, context }) => {
  await openPage(page, ROUTE_PATHS.contact);
  await waitForWorkerControl(page);
  await denyBackgroundSync(page, context);
  await context.setOffline(true);
  await submitWhileOffline(page, uniqueEmail('promise-denied'), MESSAGE, 'openPage');
  await expect(notifications(page)).not.toContainText(QUEUED_SENTENCE.backgroundSync);
  await expectOpenPagePromise(page);
});

test('with Background Sync the spec’s promise stands alone; once the browser refuses it, the waiting message gets the links', async ({
  page,
  context,
}) => {
  await openContactOffline(page, context);
  await submitWhileOffline(page, uniqueEmail('promise-sync'), MESSAGE, 'backgroundSync');
  await expectBackgroundSyncPromise(page);

  // The visitor blocks background sync in the browser's settings, then opens the page again (offline, from the precache).
  await denyBackgroundSync(page, context);
  await openPage(page, ROUTE_PATHS.contact);
  await expectOpenPagePromise(page);
});

test('persistent storage is asked for before the enquiry is queued, and an unanswered request does not hold it up', async ({
  page,
  context,
}) => {
  // Firefox may put the request to the visitor: here it is never answered.
  await context.addInitScript((storeName) => {
    const calls: string[] = [];
    (window as { storageCalls?: string[] }).storageCalls = calls;
    StorageManager.prototype.persist = () => {
      calls.push('persist');
      return new Promise<boolean>(() => {});
    };
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      const state = args[0] as { entries?: unknown[] } | undefined;
      if (this.name === storeName && (state?.entries?.length ?? 0) > 0) calls.push('queue');
      return put.apply(this, args);
    };
  }, OUTBOX.storeName);
  await openContactOffline(page, context);
  await submitWhileOffline(page, uniqueEmail('promise-persist'), MESSAGE);
  expect(await queuedCount(page)).toBe(1);
  const calls = await page.evaluate(() => (window as { storageCalls?: string[] }).storageCalls);
  expect(calls?.slice(0, 2)).toEqual(['persist', 'queue']);
});
