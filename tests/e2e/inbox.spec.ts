/**
 * The staff inbox at /inbox, in Chromium against the real service on each
 * store (inbox-service.ts), with the account made by the operator's CLI:
 * enrolment with a code computed from the setup key, the list, search, an
 * enquiry's page, status and a note surviving a reload, "Not spam", export and
 * deletion, sign-out; paging; the refusals; signing in and moving about with
 * the keyboard alone; the session cookie's flags; the page's headers and the
 * site's worker leaving it alone; axe on every page at 390 and 1440 px.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, type BrowserContextOptions, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { INBOX_PAGE_SIZE } from '../../contract/inbox';
import { enquiryReference } from '../../contract/reference';
import { formatTime } from '../../app/inbox/lib/format-time';
import { TEXTS } from '../../app/inbox/texts';
import { enrolmentCodeIn, type InboxService, type InboxStoreKind, startInboxService } from './inbox-service';
import { waitForWorkerControl } from './pwa';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PASSWORD = 'Lotus-pond-harbour-42';
const TIME_ZONE = 'Asia/Kuala_Lumpur'; // TZ_DISPLAY's default

/**
 * The store the inbox's pages are run through axe on. A page is the same on
 * both stores (the store is behind the inbox's API), so a second axe run of
 * it would check the same page again; the rest of each test runs on both.
 */
const AXE_STORE: InboxStoreKind = 'file';

/** axe finds nothing at a phone's width and at a desktop's (on AXE_STORE: see there). */
async function expectAccessible(page: Page, store: InboxStoreKind) {
  if (store !== AXE_STORE) return;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    const found = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`);
    expect(found, `axe at ${width} px on ${page.url()}`).toEqual([]);
  }
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The page's heading has focus, as after any change of page. */
async function expectFocusOnHeading(page: Page, name: string) {
  await expect(heading(page, name)).toBeFocused();
}

/** A TOTP code for the setup key, as an authenticator app computes it. */
function codeFor(setupKey: string): string {
  return new TOTP({ secret: Secret.fromBase32(setupKey.replace(/\s/g, '')), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
}

async function fillSignIn(page: Page, username: string, password: string, code = '') {
  await page.getByLabel(TEXTS.signIn.username).fill(username);
  await page.getByLabel(TEXTS.signIn.password, { exact: true }).fill(password);
  await page.getByLabel(TEXTS.signIn.code).fill(code);
  await page.getByRole('button', { name: TEXTS.signIn.submit }).click();
}

/**
 * The first sign-in: the password and the enrolment code `users add` printed,
 * then the second factor set up from the setup key; resolves with the recovery codes.
 */
async function enrol(
  page: Page,
  username: string,
  enrolmentCode: string,
  { checkPagesOn }: { checkPagesOn?: InboxStoreKind } = {},
): Promise<{ setupKey: string; recoveryCodes: string[] }> {
  const checkPages = checkPagesOn !== undefined;
  await page.goto('/inbox');
  await expectFocusOnHeading(page, TEXTS.signIn.heading);
  if (checkPages) {
    await expectAccessible(page, checkPagesOn);
    // The password alone opens no enrolment: the page says where the code comes from.
    await expect(page.getByText(TEXTS.signIn.codeHint)).toBeVisible();
    await fillSignIn(page, username, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText(TEXTS.signIn.wrong);
  }
  await fillSignIn(page, username, PASSWORD, enrolmentCode);
  await expectFocusOnHeading(page, TEXTS.enrol.heading);
  const qr = page.getByRole('img', { name: TEXTS.enrol.qrAlt(username) });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const setupKey = (await page.locator('dt', { hasText: TEXTS.enrol.setupKey }).locator('+ dd').innerText()).replace(/\s/g, '');
  expect(setupKey).toMatch(/^[A-Z2-7]{16,}$/);
  if (checkPages) await expectAccessible(page, checkPagesOn);
  await page.getByLabel(TEXTS.enrol.code).fill(codeFor(setupKey));
  await page.getByRole('button', { name: TEXTS.enrol.submit }).click();
  await expectFocusOnHeading(page, TEXTS.recovery.heading);
  const recoveryCodes = await page.getByRole('list', { name: TEXTS.recovery.listLabel }).getByRole('listitem').allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  expect(new Set(recoveryCodes).size).toBe(10);
  if (checkPages) await expectAccessible(page, checkPagesOn);
  await page.getByRole('button', { name: TEXTS.recovery.saved }).click();
  await expectFocusOnHeading(page, TEXTS.list.heading);
  return { setupKey, recoveryCodes };
}

interface Submitted {
  id: string;
  reference: string;
}

/** An enquiry sent as a visitor's page sends it; one from a disposable-mail address is held for review. */
async function submitEnquiry(
  origin: string,
  fields: { firstName: string; lastName: string; email: string; phone?: string; message: string; website?: string },
) {
  const response = await fetch(`${origin}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ phone: '', service: '', website: '', locale: 'en', ...fields }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  // The reference the visitor is given, as the service answered it: the inbox must show that one.
  const { id, reference } = (await response.json()) as Submitted;
  expect(reference).toBe(enquiryReference(id));
  return { id, reference } satisfies Submitted;
}

async function newContext(browser: Browser, service: InboxService, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL: service.origin, viewport: { width: 1440, height: 900 }, acceptDownloads: true, ...options });
}

for (const store of ['file', 'postgres'] as const satisfies readonly InboxStoreKind[]) {
  test.describe(`the inbox on the ${store} store`, () => {
    test.describe.configure({ mode: 'default', timeout: 120_000 });
    let service: InboxService;

    test.beforeAll(async () => {
      test.setTimeout(90_000);
      service = await startInboxService(store);
    });
    test.afterAll(async () => {
      await service?.stop();
    });

    test('an account made with the CLI enrols, works through every page and signs out', async ({ browser }) => {
      const added = await service.cli(['users', 'add', 'alice'], `${PASSWORD}\n`);
      expect(added.code, added.err).toBe(0);
      const enrolmentCode = enrolmentCodeIn(added.out);

      const zainab = await submitEnquiry(service.origin, {
        firstName: 'Zainab',
        lastName: 'Rahman',
        email: 'zainab@example.com',
        phone: '+60 12-345 6789',
        message: 'I would like advice on my retirement savings.',
      });
      await submitEnquiry(service.origin, {
        firstName: 'Wei',
        lastName: 'Chen',
        email: 'wei@example.com',
        message: 'Unit trusts for my children.',
      });
      await submitEnquiry(service.origin, {
        firstName: 'Kavitha',
        lastName: 'Nair',
        email: 'kavitha@example.com',
        message: 'A question about fees.',
      });
      const held = await submitEnquiry(service.origin, {
        firstName: 'Cheap',
        lastName: 'Watches',
        email: 'robot@mailinator.com',
        message: 'Buy now, limited offer.',
      });

      const context = await newContext(browser, service);
      const page = await context.newPage();

      await test.step('enrolment, with a code computed from the setup key', async () => {
        await enrol(page, 'alice', enrolmentCode, { checkPagesOn: store });
      });

      await test.step('the session and known-device cookies: HttpOnly, SameSite=Strict, only for the inbox API', async () => {
        const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
        expect(Object.keys(cookies).sort()).toEqual(['inbox-device', 'inbox-session']);
        expect(cookies['inbox-session']).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/inbox', secure: false });
        expect(cookies['inbox-device']).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/inbox/sign-in', secure: false });
        expect(await page.evaluate(() => document.cookie)).toBe('');
      });

      await test.step('the list: newest first, with when each arrived and how long is left of the 24 hours', async () => {
        const rows = page.getByRole('table').getByRole('row');
        await expect(rows).toHaveCount(4); // the header and three enquiries
        await expect(rows.nth(1).getByRole('rowheader')).toContainText('Kavitha Nair');
        await expect(rows.nth(2).getByRole('rowheader')).toContainText('Wei Chen');
        await expect(rows.nth(3).getByRole('rowheader')).toContainText('Zainab Rahman');
        await expect(rows.nth(3)).toContainText(zainab.reference);
        await expect(rows.nth(3)).toContainText('zainab@example.com');
        await expect(rows.nth(3)).toContainText('English');
        await expect(rows.nth(3)).toContainText(TEXTS.statuses.new);
        await expect(rows.nth(3)).toContainText(TEXTS.list.nobody);
        await expect(rows.nth(3)).toContainText(/2[34] h \d+ min left/);
        const list = (await (await page.request.get('/api/inbox/enquiries')).json()) as { enquiries: { id: string; createdAt: string }[] };
        const createdAt = list.enquiries.find((enquiry) => enquiry.id === zainab.id)!.createdAt;
        await expect(rows.nth(3)).toContainText(formatTime(createdAt, TIME_ZONE));
        await expect(page.getByText(TEXTS.list.noneOverdue)).toBeVisible();
        await expect(page.getByRole('status')).toHaveText(TEXTS.list.count(3, 3, 1));
        await expectAccessible(page, store);
      });

      await test.step('search across names, e-mail, phone and message', async () => {
        await page.getByRole('searchbox', { name: TEXTS.list.search }).fill('retirement');
        await page.getByRole('button', { name: TEXTS.list.apply }).click();
        await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
        await expect(page.getByRole('rowheader')).toContainText('Zainab Rahman');
        await expect(page).toHaveURL(/\/inbox\/?\?q=retirement$/);
      });

      await test.step('an enquiry: every field, the reply links, status, assignee and a note that survive a reload', async () => {
        await page.getByRole('link', { name: 'Zainab Rahman' }).click();
        await expect(page).toHaveURL(`/inbox/enquiries/${zainab.id}`);
        await expectFocusOnHeading(page, TEXTS.enquiry.heading(zainab.reference));
        const details = page.getByRole('region', { name: TEXTS.enquiry.detailsHeading });
        for (const text of [
          zainab.reference,
          'Zainab Rahman',
          'zainab@example.com',
          '+60 12-345 6789',
          'I would like advice on my retirement savings.',
        ]) {
          await expect(details).toContainText(text);
        }
        const email = page.getByRole('link', { name: TEXTS.enquiry.replyByEmail });
        const mailto = new URL((await email.getAttribute('href'))!);
        expect(mailto.protocol).toBe('mailto:');
        expect(mailto.pathname).toBe('zainab@example.com');
        expect(mailto.searchParams.get('subject')).toContain(zainab.reference);
        await expect(page.getByRole('link', { name: TEXTS.enquiry.replyOnWhatsApp })).toHaveAttribute(
          'href',
          `https://wa.me/60123456789?text=${encodeURIComponent(TEXTS.enquiry.whatsAppText(zainab.reference))}`,
        );
        await expectAccessible(page, store);

        await page.getByLabel(TEXTS.enquiry.status, { exact: true }).selectOption({ label: TEXTS.statuses.replied });
        await page.getByLabel(TEXTS.enquiry.assignee, { exact: true }).selectOption({ label: 'alice' });
        await page.getByRole('button', { name: TEXTS.enquiry.save }).click();
        await expect(page.getByRole('status').filter({ hasText: TEXTS.enquiry.saved })).toBeVisible();
        await page.getByLabel(TEXTS.enquiry.note).fill('Called back; she prefers WhatsApp.');
        await page.getByRole('button', { name: TEXTS.enquiry.addNote }).click();
        await expect(page.getByRole('status').filter({ hasText: TEXTS.enquiry.noteAdded })).toBeVisible();

        await page.reload();
        await expectFocusOnHeading(page, TEXTS.enquiry.heading(zainab.reference));
        await expect(page.getByLabel(TEXTS.enquiry.status, { exact: true })).toHaveValue('replied');
        await expect(page.getByLabel(TEXTS.enquiry.assignee, { exact: true }).locator('option:checked')).toHaveText('alice');
        const notes = page.getByRole('region', { name: TEXTS.enquiry.notesHeading });
        await expect(notes).toContainText('Called back; she prefers WhatsApp.');
        await expect(notes).toContainText('alice');
        const history = page.getByRole('region', { name: TEXTS.enquiry.historyHeading });
        await expect(history).toContainText(`alice ${TEXTS.enquiry.actions.status} (new → replied)`);
        await expect(history).toContainText(`alice ${TEXTS.enquiry.actions.note}`);
      });

      await test.step('the filters: status and mine', async () => {
        await page.getByRole('link', { name: TEXTS.enquiry.back }).click();
        await expectFocusOnHeading(page, TEXTS.list.heading);
        await page.getByLabel(TEXTS.list.status, { exact: true }).selectOption({ label: TEXTS.statuses.replied });
        await page.getByRole('checkbox', { name: TEXTS.list.mine }).check();
        await page.getByRole('button', { name: TEXTS.list.apply }).click();
        await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
        await expect(page.getByRole('rowheader')).toContainText('Zainab Rahman');
        await expect(page.getByRole('table')).toContainText('alice');
        await page.getByLabel(TEXTS.list.status, { exact: true }).selectOption({ label: TEXTS.statuses.new });
        await page.getByRole('button', { name: TEXTS.list.apply }).click();
        await expect(page.getByRole('status')).toHaveText(TEXTS.list.count(0, 0, 1));
        await expect(page.getByRole('table')).toHaveCount(0);
      });

      await test.step('held for review: "Not spam" makes it an enquiry', async () => {
        await page.getByRole('navigation', { name: TEXTS.nav.label }).getByRole('link', { name: TEXTS.nav.held }).click();
        await expectFocusOnHeading(page, TEXTS.held.heading);
        await expect(page.getByRole('article', { name: /Cheap Watches/ })).toContainText('robot@mailinator.com');
        await expect(page.getByRole('article', { name: /Cheap Watches/ })).toContainText(TEXTS.held.reasons['disposable-address']!);
        await expectAccessible(page, store);
        await page.getByRole('button', { name: TEXTS.held.releaseOf('Cheap Watches') }).click();
        const released = page.getByRole('status');
        await expect(released).toContainText(/Released: it is now enquiry TW-[0-9A-F]{8}\./);
        await expect(page.getByText(TEXTS.held.none)).toBeVisible();
        const reference = /TW-[0-9A-F]{8}/.exec((await released.innerText()) ?? '')![0];
        await released.getByRole('link').click();
        await expectFocusOnHeading(page, TEXTS.enquiry.heading(reference));
        await expect(page.getByRole('region', { name: TEXTS.enquiry.detailsHeading })).toContainText('robot@mailinator.com');
        // The enquiry it now is keeps the reference the visitor was given when it was held.
        expect(reference).toBe(held.reference);
      });

      await test.step('a personal-data request: find, export as JSON and CSV, delete with the password asked again', async () => {
        await page.getByRole('link', { name: TEXTS.nav.requests }).click();
        await expectFocusOnHeading(page, TEXTS.requests.heading);
        await page.getByLabel(TEXTS.requests.email).fill('zainab@example.com');
        await page.getByRole('button', { name: TEXTS.requests.find }).click();
        await expect(page.getByRole('status')).toHaveText(TEXTS.requests.summary(1, 0));
        await expect(page.getByRole('link', { name: zainab.reference })).toBeVisible();
        await expectAccessible(page, store);

        for (const [name, format] of [
          [TEXTS.requests.exportJson, 'json'],
          [TEXTS.requests.exportCsv, 'csv'],
        ] as const) {
          const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
          expect(download.suggestedFilename()).toMatch(new RegExp(`^personal-data-\\d{4}-\\d{2}-\\d{2}\\.${format}$`));
          const text = await readFile((await download.path())!, 'utf8');
          if (format === 'json') {
            expect(JSON.parse(text)).toEqual([
              expect.objectContaining({ id: zainab.id, email: 'zainab@example.com', phone: '+60 12-345 6789' }),
            ]);
          } else {
            expect(text.split(/\r?\n/)[0]).toContain('email');
            expect(text).toContain('zainab@example.com');
          }
        }

        const deletion = page.getByRole('region', { name: TEXTS.requests.deleteHeading });
        await deletion.getByLabel(TEXTS.requests.password).fill('not my password at all');
        await deletion.getByRole('checkbox').check();
        await deletion.getByRole('button', { name: TEXTS.requests.delete }).click();
        await expect(deletion.getByRole('alert')).toHaveText(TEXTS.wrongPassword);
        await expect(heading(page, TEXTS.requests.heading)).toBeVisible(); // a wrong password is not a lost session

        await deletion.getByLabel(TEXTS.requests.password).fill(PASSWORD);
        await deletion.getByRole('button', { name: TEXTS.requests.delete }).click();
        await expect(page.getByRole('status')).toHaveText(TEXTS.requests.deleted(1, 0));
        await page.getByRole('button', { name: TEXTS.requests.find }).click();
        await expect(page.getByRole('status')).toHaveText(TEXTS.requests.nothing);
        await page.goto(`/inbox/enquiries/${zainab.id}`);
        await expect(page.getByRole('alert')).toHaveText(TEXTS.enquiry.notFound);
        await expectAccessible(page, store);
      });

      await test.step('the account page, and signing out', async () => {
        await page.getByRole('link', { name: TEXTS.nav.account }).click();
        await expectFocusOnHeading(page, TEXTS.account.heading);
        await expectAccessible(page, store);
        await page.getByRole('banner').getByRole('button', { name: TEXTS.nav.signOut }).click();
        await expectFocusOnHeading(page, TEXTS.signIn.heading);
        expect((await page.request.get('/api/inbox/session')).status()).toBe(401);
        await page.goto('/inbox/account');
        await expectFocusOnHeading(page, TEXTS.signIn.heading);
      });

      await context.close();
    });

    test('refusals: no session, a wrong code or password, a session lost while a note is written; a recovery code signs in once', async ({
      browser,
    }) => {
      const bobAdded = await service.cli(['users', 'add', 'bob'], `${PASSWORD}\n`);
      const doraAdded = await service.cli(['users', 'add', 'dora'], `${PASSWORD}\n`);
      expect([bobAdded.code, doraAdded.code]).toEqual([0, 0]);
      const doraContext = await newContext(browser, service);
      const dora = await enrol(await doraContext.newPage(), 'dora', enrolmentCodeIn(doraAdded.out));
      await doraContext.close();
      const context = await newContext(browser, service);
      const page = await context.newPage();

      // Nobody signed in: every inbox page is the sign-in page, every call a 401.
      for (const path of ['/inbox', '/inbox/enquiries/TW-00000000', '/inbox/requests']) {
        await page.goto(path);
        await expectFocusOnHeading(page, TEXTS.signIn.heading);
        await expect(page.getByRole('navigation')).toHaveCount(0);
      }
      for (const path of ['/enquiries', '/held', '/requests?email=a%40example.com', '/requests/export?email=a%40example.com&format=json']) {
        expect((await page.request.get(`/api/inbox${path}`)).status(), path).toBe(401);
      }

      const { recoveryCodes } = await enrol(page, 'bob', enrolmentCodeIn(bobAdded.out));
      await page.getByRole('link', { name: TEXTS.nav.account }).click();
      await page.getByRole('button', { name: TEXTS.account.signOutEverywhere }).click();
      await expectFocusOnHeading(page, TEXTS.signIn.heading);

      // A wrong code, a wrong password, an unknown name: the one sentence, and no way in.
      for (const [username, password, code] of [
        ['bob', PASSWORD, '000000'],
        ['bob', 'Not-the-password-1', '123456'],
        ['nobody', PASSWORD, '123456'],
        ['bob', PASSWORD, ''],
      ]) {
        await fillSignIn(page, username!, password!, code);
        await expect(page.getByRole('alert')).toHaveText(TEXTS.signIn.wrong);
        await expect(heading(page, TEXTS.signIn.heading)).toBeVisible();
      }
      // No session; only the known-device cookie of bob's earlier sign-in stays.
      expect((await context.cookies()).map((cookie) => cookie.name)).toEqual(['inbox-device']);

      // A recovery code stands in for the authentication code, once; typed with the keyboard alone, from the heading on.
      await page.reload();
      await expectFocusOnHeading(page, TEXTS.signIn.heading);
      for (const text of ['bob', PASSWORD, recoveryCodes[0]!]) {
        await page.keyboard.press('Tab');
        await page.keyboard.type(text);
      }
      await page.keyboard.press('Enter');
      await expectFocusOnHeading(page, TEXTS.list.heading);
      // Back from the heading through the banner: Sign out, then the links, the last of them first.
      for (let step = 0; step < 4; step += 1) await page.keyboard.press('Shift+Tab');
      const link = page.getByRole('link', { name: TEXTS.nav.held });
      await expect(link).toBeFocused();
      expect(await link.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
      await page.keyboard.press('Enter');
      await expectFocusOnHeading(page, TEXTS.held.heading);
      await page.getByRole('banner').getByRole('button', { name: TEXTS.nav.signOut }).click();
      await fillSignIn(page, 'bob', PASSWORD, recoveryCodes[0]);
      await expect(page.getByRole('alert')).toHaveText(TEXTS.signIn.wrong);
      await fillSignIn(page, 'bob', PASSWORD, recoveryCodes[1]);
      await expectFocusOnHeading(page, TEXTS.list.heading);

      await page.goto('/inbox/no-such-page');
      await expectFocusOnHeading(page, TEXTS.notFound.heading);
      await expectAccessible(page, store);
      await page.getByRole('link', { name: TEXTS.notFound.back }).click();
      await expectFocusOnHeading(page, TEXTS.list.heading);

      // The session ends behind the page's back (here, its cookie is gone) while a note is being written: adding it
      // brings back the sign-in page, which says why, and once signed in again the note is still there to add.
      const waiting = await submitEnquiry(service.origin, {
        firstName: 'Mei Ling',
        lastName: 'Tan',
        email: 'meiling@example.com',
        message: 'Could we talk about my retirement plan?',
      });
      await page.goto(`/inbox/enquiries/${waiting.id}`);
      const note = page.getByLabel(TEXTS.enquiry.note);
      await note.fill('Called back at 3 pm, no answer; trying again tomorrow.');
      await context.clearCookies();
      await page.getByRole('button', { name: TEXTS.enquiry.addNote }).click();
      await expectFocusOnHeading(page, TEXTS.signIn.heading);
      await expect(heading(page, TEXTS.signIn.heading)).toHaveAccessibleDescription(TEXTS.signIn.ended);
      await expect(page).toHaveURL(`/inbox/enquiries/${waiting.id}`);
      await expectAccessible(page, store);
      await fillSignIn(page, 'bob', PASSWORD, recoveryCodes[2]);
      await expectFocusOnHeading(page, TEXTS.enquiry.heading(waiting.reference));
      await expect(note).toHaveValue('Called back at 3 pm, no answer; trying again tomorrow.');
      await page.getByRole('button', { name: TEXTS.enquiry.addNote }).click();
      await expect(page.getByRole('status').filter({ hasText: TEXTS.enquiry.noteAdded })).toBeVisible();
      await expect(note).toHaveValue('');
      await expect(page.getByText('Called back at 3 pm, no answer; trying again tomorrow.')).toBeVisible();

      // Signed out by hand, nothing of a note is left for whoever signs in next on this page (never reloaded from here on).
      await note.fill('A draft of mine alone.');
      await page.getByRole('banner').getByRole('button', { name: TEXTS.nav.signOut }).click();
      await fillSignIn(page, 'bob', PASSWORD, recoveryCodes[3]);
      await expectFocusOnHeading(page, TEXTS.list.heading);
      await page.getByRole('link', { name: 'Mei Ling Tan' }).click();
      await expect(note).toHaveValue('');
      // Nor, when the session ends under it, for another person who signs in there.
      await note.fill('Another draft of mine alone.');
      await context.clearCookies();
      await page.getByRole('button', { name: TEXTS.enquiry.addNote }).click();
      await expectFocusOnHeading(page, TEXTS.signIn.heading);
      await fillSignIn(page, 'dora', PASSWORD, dora.recoveryCodes[0]);
      await expectFocusOnHeading(page, TEXTS.enquiry.heading(waiting.reference));
      await expect(note).toHaveValue('');
      await context.close();
    });

    test('paging: fifty at a time, newest first, with "Next page" and back to the first', async ({ browser }) => {
      const carolAdded = await service.cli(['users', 'add', 'carol'], `${PASSWORD}\n`);
      expect(carolAdded.code).toBe(0);
      const count = INBOX_PAGE_SIZE + 2;
      for (let n = 1; n <= count; n += 1) {
        await submitEnquiry(service.origin, {
          firstName: 'Visitor',
          lastName: `Number ${n}`,
          email: `visitor${n}@example.com`,
          message: `Paging batch, number ${n}.`,
        });
      }
      const context = await newContext(browser, service);
      const page = await context.newPage();
      await enrol(page, 'carol', enrolmentCodeIn(carolAdded.out));
      await page.getByRole('searchbox', { name: TEXTS.list.search }).fill('Paging batch');
      await page.getByRole('button', { name: TEXTS.list.apply }).click();
      const names = page.getByRole('table').getByRole('rowheader').getByRole('link');
      await expect(names).toHaveCount(INBOX_PAGE_SIZE);
      await expect(names.first()).toHaveText(`Visitor Number ${count}`);
      await expect(names.last()).toHaveText('Visitor Number 3');
      await expect(page.getByRole('status')).toHaveText(TEXTS.list.count(INBOX_PAGE_SIZE, count, 1));

      await page.getByRole('link', { name: TEXTS.list.next }).click();
      await expectFocusOnHeading(page, TEXTS.list.heading);
      await expect(names).toHaveCount(2);
      await expect(names.first()).toHaveText('Visitor Number 2');
      await expect(names.last()).toHaveText('Visitor Number 1');
      await expect(page.getByRole('status')).toHaveText(TEXTS.list.count(2, count, INBOX_PAGE_SIZE + 1));
      await expect(page.getByRole('link', { name: TEXTS.list.next })).toHaveCount(0);

      await page.getByRole('link', { name: TEXTS.list.first }).click();
      await expect(names).toHaveCount(INBOX_PAGE_SIZE);
      await expect(names.first()).toHaveText(`Visitor Number ${count}`);
      await context.close();
    });

    test('the inbox page: no-store, noindex, a strict CSP; never precached, never answered by the site’s worker', async ({ browser }) => {
      const context = await newContext(browser, service, { serviceWorkers: 'allow' });
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Trusted Type/i.test(message.text())) violations.push(message.text());
      });
      // The visitor's site installs its worker first.
      await page.goto('/');
      await waitForWorkerControl(page);

      const response = (await page.goto('/inbox/enquiries'))!;
      expect(response.fromServiceWorker()).toBe(false);
      expect(response.status()).toBe(200);
      expect(response.headers()['cache-control']).toBe('no-store');
      expect(response.headers()['x-robots-tag']).toBe('noindex');
      expect(response.headers()['content-security-policy']).toContain("style-src 'self';");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expectFocusOnHeading(page, TEXTS.signIn.heading);
      await expect(page).toHaveTitle(TEXTS.title(TEXTS.signIn.heading));

      const precached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        return urls;
      });
      expect(precached.length).toBeGreaterThan(0);
      expect(precached.filter((url) => url.includes('inbox'))).toEqual([]);

      // Offline, the worker does not stand in for the inbox with a cached page.
      await context.setOffline(true);
      await expect(page.goto('/inbox')).rejects.toThrow();
      await context.setOffline(false);

      const sitemap = await (await page.request.get('/sitemap.xml')).text();
      expect(sitemap).toContain('<urlset');
      expect(sitemap).not.toContain('inbox');
      expect(violations).toEqual([]);
      await context.close();
    });
  });
}
