import { join, resolve as resolvePath } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { BRAND } from '../../app/content/brand';
import { COPY as EN_CONTACT } from '../../app/content/locales/en/pages/contact';
import { COPY as EN_VERIFY } from '../../app/content/locales/en/pages/verify';
import { COPY as MS_CONTACT } from '../../app/content/locales/ms/pages/contact';
import { COPY as MS_VERIFY } from '../../app/content/locales/ms/pages/verify';
import { COPY as ZH_CONTACT } from '../../app/content/locales/zh/pages/contact';
import { COPY as ZH_VERIFY } from '../../app/content/locales/zh/pages/verify';
import { readSiteUrl } from '../../config/site-url.mjs';
import { LOCALE_CODES, LOCALES, type Locale, localisedPath, splitLocalePath } from '../../contract/locales';
import { messages as EN_MESSAGES } from '../../contract/messages/en';
import { messages as MS_MESSAGES } from '../../contract/messages/ms';
import { messages as ZH_MESSAGES } from '../../contract/messages/zh';
import { LOCALISED_ROUTE_PATHS, notFoundPath, ROUTE_PATHS } from '../../contract/routes';
import { openFileStore } from '../../service/db/file-store';
import { TEST_KEYS } from '../../service/test-support/keys';
import { startServer } from '../../service/test-support/server-process';
import { storeReply } from '../../service/test-support/stored-reply';
import { REPLY_CHECKS_PER_MINUTE } from '../../service/routes/reply-check';
import { expectNoViolations } from './accessibility-checks';
import { expect, openPage, SITE_COPY, test } from './fixtures';

/**
 * "Is this really Teratai Wealth?" (/verify in each language): who the firm is
 * and where to check it with the Securities Commission, its only official
 * channels, what it never asks, and where to report; reached from a line in
 * every page's footer and a block on the contact page.
 */

const VERIFY_COPY = { en: EN_VERIFY, ms: MS_VERIFY, zh: ZH_VERIFY } as const satisfies Record<Locale, unknown>;
const CONTACT_COPY = { en: EN_CONTACT, ms: MS_CONTACT, zh: ZH_CONTACT } as const satisfies Record<Locale, unknown>;
/** The form's words, which the page shares with the service's own page (contract/messages/). */
const FORM_WORDS = { en: EN_MESSAGES, ms: MS_MESSAGES, zh: ZH_MESSAGES } as const satisfies Record<Locale, unknown>;
/** A browser in each language, so no offer of another language shows over the page. */
const BROWSER_LOCALE: Record<Locale, string> = { en: 'en-MY', ms: 'ms-MY', zh: 'zh-CN' };
const SITE_URL = readSiteUrl();
const PUBLIC_BODIES = BRAND.investorProtection;

async function expectOffSiteLink(page: Page, name: string, href: string) {
  const link = page.locator('#main-content').getByRole('link', { name });
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
}

/** Everything the page must say and link to, in `locale`; the same with JavaScript and without. */
async function expectVerifyPage(page: Page, locale: Locale) {
  const copy = VERIFY_COPY[locale];
  const site = SITE_COPY[locale];
  const main = page.locator('#main-content');
  await expect(page.locator('html')).toHaveAttribute('lang', LOCALES[locale].htmlLang);
  await expect(page).toHaveTitle(copy.meta.title);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy.title);
  await expect(main.getByRole('heading', { level: 2 })).toHaveText([
    FORM_WORDS[locale]['verifyReply.heading'],
    copy.identity.heading,
    copy.channels.heading,
    copy.never.heading,
    copy.report.heading,
    copy.help.heading,
  ]);

  // The firm on the public record, and where to check it.
  const identity = main.getByRole('region', { name: copy.identity.heading });
  await expect(identity).toContainText(BRAND.legalName);
  await expect(identity).toContainText(BRAND.legalIdentity.registrationNumber);
  await expect(identity).toContainText(site.brand.licenceStatus);
  await expect(identity).toContainText(BRAND.legalIdentity.licenceNumber);
  await expectOffSiteLink(page, `${copy.identity.register.link} ${site.login.newTab}`, PUBLIC_BODIES.licensedEntitiesUrl);
  await expectOffSiteLink(page, `${copy.identity.alertList.link} ${site.login.newTab}`, PUBLIC_BODIES.investorAlertListUrl);

  // The official channels, each one a working link.
  const channels = main.getByRole('region', { name: copy.channels.heading });
  await expect(channels.getByRole('link', { name: BRAND.phone.display })).toHaveAttribute('href', 'tel:+60123456789');
  await expect(channels.getByRole('link', { name: BRAND.email })).toHaveAttribute('href', `mailto:${BRAND.email}`);
  await expect(channels.getByRole('link', { name: SITE_URL })).toHaveAttribute('href', `${SITE_URL}/`);
  await expect(channels.getByRole('link', { name: BRAND.dataProtectionContact.phone })).toHaveAttribute('href', 'tel:+60380001234');
  await expect(channels).toContainText('@teratai-wealth.example');

  // What the firm never does, and what to do about someone who does.
  const never = main.getByRole('region', { name: copy.never.heading });
  await expect(never.getByRole('listitem')).toHaveText([...copy.never.items]);
  await expect(main.getByRole('region', { name: copy.report.heading }).getByRole('listitem')).toHaveText([...copy.report.steps]);

  // The public bodies: the Securities Commission's complaints, the scam hotline, the dispute centre.
  const help = main.getByRole('region', { name: copy.help.heading });
  await expect(help.getByRole('heading', { level: 3 })).toHaveText([
    copy.help.regulator.name,
    copy.help.scamLine.name,
    copy.help.disputes.name,
  ]);
  await expect(help.getByRole('link', { name: '+60 3-6204 8999' })).toHaveAttribute('href', 'tel:+60362048999');
  await expect(help.getByRole('link', { name: 'aduan@seccom.com.my' })).toHaveAttribute('href', 'mailto:aduan@seccom.com.my');
  await expect(help.getByRole('link', { name: '997', exact: true })).toHaveAttribute('href', 'tel:997');
  await expectOffSiteLink(page, `${PUBLIC_BODIES.disputeResolutionUrl} ${site.login.newTab}`, PUBLIC_BODIES.disputeResolutionUrl);
}

for (const locale of LOCALE_CODES) {
  const path = localisedPath(locale, ROUTE_PATHS.verify);

  test.describe(`${path}, in ${LOCALES[locale].name}`, () => {
    test.use({ locale: BROWSER_LOCALE[locale] });

    test('with JavaScript: the firm, the checks, the channels, what it never does and where to report; no WCAG 2.2 AA violations at 1440 and 390 px', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      const response = await openPage(page, path);
      expect(response?.status()).toBe(200);
      await expectVerifyPage(page, locale);
      await expectNoViolations(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoViolations(page);
    });

    test.describe('with JavaScript off', () => {
      test.use({ javaScriptEnabled: false });

      test('the prerendered page says and links the same', async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expectVerifyPage(page, locale);
      });
    });
  });
}

test('every page, in every language, the 404 pages too, has the footer line that links to /verify in its language', async ({ request }) => {
  const pages = [...LOCALISED_ROUTE_PATHS, ...LOCALE_CODES.map((locale) => notFoundPath(locale))];
  for (const path of pages) {
    const html = await (await request.get(path)).text();
    const footer = html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));
    const { locale } = splitLocalePath(path);
    const { question, link } = SITE_COPY[locale].verify;
    expect(footer, path).toContain(question);
    expect(footer, path).toMatch(new RegExp(`<a [^>]*href="${localisedPath(locale, ROUTE_PATHS.verify)}"[^>]*>${link}</a>`));
  }
});

test('the footer line leads to the page, in the app', async ({ page }) => {
  await openPage(page, ROUTE_PATHS.about);
  await page.locator('footer').getByRole('link', { name: SITE_COPY.en.verify.link }).click();
  await expect(page).toHaveURL(ROUTE_PATHS.verify);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(EN_VERIFY.title);
});

for (const locale of LOCALE_CODES) {
  test.describe(`the contact page in ${LOCALES[locale].name}`, () => {
    test.use({ locale: BROWSER_LOCALE[locale] });

    test('has a block on recognising the firm that leads to the page', async ({ page }) => {
      const site = SITE_COPY[locale];
      await openPage(page, localisedPath(locale, ROUTE_PATHS.contact));
      const block = page.locator('#main-content').getByRole('region', { name: site.verify.question });
      await expect(block).toContainText(CONTACT_COPY[locale].verifyNote);
      await block.getByRole('link', { name: site.verify.link }).click();
      await expect(page).toHaveURL(localisedPath(locale, ROUTE_PATHS.verify));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(VERIFY_COPY[locale].title);
    });
  });
}

/** 01:30 on 29 November in Kuala Lumpur (TZ_DISPLAY), still the 28th in UTC. */
const REPLY_SENT_AT = '2026-11-28T17:30:00.000Z';
const GENUINE: Record<Locale, string> = {
  en: `A genuine reply from ${BRAND.name}, sent on 29 November 2026.`,
  ms: `Balasan tulen daripada ${BRAND.name}, dihantar pada 29 November 2026.`,
  zh: `这是${BRAND.name}的真实回复，发送于2026年11月29日。`,
};
const NOT_OURS = (locale: Locale) => FORM_WORDS[locale]['verifyReply.notOurs'].replace('{firm}', BRAND.name);

interface SentReply {
  reference: string;
  code: string;
}

/** An enquiry and a reply to it in a new file store at `dbFile`, stored as the reply sender stores one. */
async function storeReplyIn(dbFile: string): Promise<SentReply> {
  const store = await openFileStore(dbFile, { auditKey: TEST_KEYS.AUDIT_KEY });
  try {
    const { reference, code } = await storeReply(store, { createdAt: REPLY_SENT_AT });
    return { reference, code };
  } finally {
    await store.close();
  }
}

/** The real service (service/server.ts, the built site) on the file store at `dbFile`, with the contact limit (and the check's) as given. */
function serveReplies(dbFile: string, rateLimitPerMinute: number) {
  return startServer(
    {
      DB_FILE: dbFile,
      DIST_DIR: resolvePath('dist'),
      RATE_LIMIT_PER_MINUTE: String(rateLimitPerMinute),
      TZ_DISPLAY: 'Asia/Kuala_Lumpur',
    },
    { outputUntilListening: true },
  );
}

/** A service of its own whose data file holds an enquiry and a reply to it, stored before it starts; no rate limit. */
const testWithReply = test.extend<object, { replyService: { url: string; reply: SentReply } }>({
  replyService: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from its first parameter
    async ({}, use, workerInfo) => {
      const dbFile = join(process.env.E2E_DATA_DIR!, `db-verify-reply-${workerInfo.workerIndex}.json`);
      const reply = await storeReplyIn(dbFile);
      const server = await serveReplies(dbFile, 0);
      await use({ url: server.url, reply });
      server.child.kill('SIGTERM');
      await server.exited;
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ replyService }, use) => use(replyService.url),
});

/** Types the reference and the code into /verify's form, as a visitor would, and sends it. */
async function checkReply(page: Page, locale: Locale, reference: string, code: string) {
  const words = FORM_WORDS[locale];
  const form = page.getByRole('form', { name: words['verifyReply.heading'] });
  await form.getByLabel(words['verifyReply.reference.label']).fill(reference);
  await form.getByLabel(words['verifyReply.code.label']).fill(code);
  await form.getByRole('button', { name: words['verifyReply.submit'] }).click();
}

for (const locale of ['en', 'ms'] as const) {
  const path = localisedPath(locale, ROUTE_PATHS.verify);

  testWithReply.describe(`checking a reply on ${path}`, () => {
    testWithReply.use({ locale: BROWSER_LOCALE[locale] });

    testWithReply(
      'with JavaScript: a reply’s reference and code are genuine, with the day; a wrong code is not ours; axe clean at 1440 and 390 px',
      async ({ page, replyService: { reply } }) => {
        await page.setViewportSize({ width: 1440, height: 900 });
        await openPage(page, path);
        const status = page.getByRole('form', { name: FORM_WORDS[locale]['verifyReply.heading'] }).getByRole('status');
        // Typed as a visitor might: lower case, without the dash.
        await checkReply(page, locale, reply.reference.toLowerCase(), reply.code.replace('-', '').toLowerCase());
        await expect(status).toHaveText(GENUINE[locale]);
        await expect(page).toHaveURL(path);
        await expect(page.locator('#main-content')).not.toContainText('Aisyah');
        await expectNoViolations(page);
        await page.setViewportSize({ width: 390, height: 844 });
        await expectNoViolations(page);

        const wrong = `${reply.code.slice(0, -1)}${reply.code.endsWith('Z') ? 'Y' : 'Z'}`;
        await checkReply(page, locale, reply.reference, wrong);
        await expect(status).toHaveText(NOT_OURS(locale));
        await checkReply(page, locale, 'REF-2026-0042', '482913');
        await expect(status).toHaveText(NOT_OURS(locale));
        await expectNoViolations(page);
        await checkReply(page, locale, reply.reference, ' ');
        await expect(status).toHaveText(FORM_WORDS[locale]['verifyReply.missing']);
      },
    );
  });
}

/**
 * axe on the page the browser shows now, at 1440 and 390 px: axe runs as a
 * script, so in a page of its own with JavaScript on, given the same HTML.
 */
async function expectNoViolationsInPageOf(page: Page, browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const checker = await context.newPage();
  try {
    await checker.setContent(await page.content());
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await checker.setViewportSize({ width, height });
      await expectNoViolations(checker);
    }
  } finally {
    await context.close();
  }
}

for (const locale of ['en', 'zh'] as const) {
  const path = localisedPath(locale, ROUTE_PATHS.verify);

  testWithReply.describe(`checking a reply on ${path} with JavaScript off`, () => {
    testWithReply.use({ locale: BROWSER_LOCALE[locale], javaScriptEnabled: false });

    testWithReply(
      'the browser posts the form and the service answers with a page in its language; axe clean at 1440 and 390 px',
      async ({ page, browser, replyService: { reply } }) => {
        await page.goto(path);
        await checkReply(page, locale, reply.reference, reply.code);
        await expect(page).toHaveURL('/api/verify');
        await expect(page.locator('html')).toHaveAttribute('lang', LOCALES[locale].htmlLang);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(FORM_WORDS[locale]['verifyReply.heading']);
        await expect(page.getByRole('status')).toHaveText(GENUINE[locale]);
        await expect(page.getByLabel(FORM_WORDS[locale]['verifyReply.reference.label'])).toHaveValue(reply.reference);
        await expect(page.locator('body')).not.toContainText('Aisyah');
        await expectNoViolationsInPageOf(page, browser);

        // The form on the answer page checks again, and leads back to the page.
        await checkReply(page, locale, 'TW-00000000', reply.code);
        await expect(page.getByRole('status')).toHaveText(NOT_OURS(locale));
        await expectNoViolationsInPageOf(page, browser);
        await page.getByRole('link', { name: FORM_WORDS[locale]['verifyReply.back'] }).click();
        await expect(page).toHaveURL(path);
      },
    );
  });
}

test.describe('checking replies past the limit, in Malay', () => {
  test.use({ locale: BROWSER_LOCALE.ms });

  test(`past ${REPLY_CHECKS_PER_MINUTE} checks in a minute the page shows the service's refusal in its language, and keeps what was typed`, async ({
    page,
  }, testInfo) => {
    const dbFile = join(process.env.E2E_DATA_DIR!, `db-verify-limit-${testInfo.workerIndex}-${testInfo.retry}.json`);
    const reply = await storeReplyIn(dbFile);
    const server = await serveReplies(dbFile, 10);
    try {
      await openPage(page, `${server.url}${localisedPath('ms', ROUTE_PATHS.verify)}`);
      const status = page.getByRole('form', { name: FORM_WORDS.ms['verifyReply.heading'] }).getByRole('status');
      // The service counts in minutes of its own clock: should one turn while these run, the count starts again once.
      const statuses: number[] = [];
      for (let index = 0; index <= 2 * REPLY_CHECKS_PER_MINUTE && !statuses.includes(429); index += 1) {
        const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/verify');
        await checkReply(page, 'ms', index === 0 ? 'TW-00000000' : reply.reference, reply.code);
        statuses.push((await answered).status());
      }
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(REPLY_CHECKS_PER_MINUTE);
      expect(statuses.at(-1)).toBe(429);
      await expect(status).toHaveText(FORM_WORDS.ms['verifyReply.rateLimited']);
      await expect(page.getByLabel(FORM_WORDS.ms['verifyReply.reference.label'])).toHaveValue(reply.reference);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
