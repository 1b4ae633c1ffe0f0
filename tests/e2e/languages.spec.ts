import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Page } from '@playwright/test';
import { COPY as EN_ABOUT } from '../../app/content/locales/en/pages/about';
import { COPY as EN_CONTACT } from '../../app/content/locales/en/pages/contact';
import { COPY as EN_HOME } from '../../app/content/locales/en/pages/home';
import { COPY as EN_PORTFOLIO } from '../../app/content/locales/en/pages/portfolio';
import { COPY as EN_PRIVACY } from '../../app/content/locales/en/pages/privacy';
import { COPY as EN_SERVICES } from '../../app/content/locales/en/pages/services';
import { COPY as EN_TERMS } from '../../app/content/locales/en/pages/terms';
import { COPY as EN_VERIFY } from '../../app/content/locales/en/pages/verify';
import { COPY as MS_ABOUT } from '../../app/content/locales/ms/pages/about';
import { COPY as MS_CONTACT } from '../../app/content/locales/ms/pages/contact';
import { COPY as MS_HOME } from '../../app/content/locales/ms/pages/home';
import { COPY as MS_PORTFOLIO } from '../../app/content/locales/ms/pages/portfolio';
import { COPY as MS_PRIVACY } from '../../app/content/locales/ms/pages/privacy';
import { COPY as MS_SERVICES } from '../../app/content/locales/ms/pages/services';
import { COPY as MS_TERMS } from '../../app/content/locales/ms/pages/terms';
import { COPY as MS_VERIFY } from '../../app/content/locales/ms/pages/verify';
import { COPY as ZH_ABOUT } from '../../app/content/locales/zh/pages/about';
import { COPY as ZH_CONTACT } from '../../app/content/locales/zh/pages/contact';
import { COPY as ZH_HOME } from '../../app/content/locales/zh/pages/home';
import { COPY as ZH_PORTFOLIO } from '../../app/content/locales/zh/pages/portfolio';
import { COPY as ZH_PRIVACY } from '../../app/content/locales/zh/pages/privacy';
import { COPY as ZH_SERVICES } from '../../app/content/locales/zh/pages/services';
import { COPY as ZH_TERMS } from '../../app/content/locales/zh/pages/terms';
import { COPY as ZH_VERIFY } from '../../app/content/locales/zh/pages/verify';
import { STORAGE_KEYS } from '../../app/config/storage-keys';
import { readSiteUrl } from '../../config/site-url.mjs';
import { CONTACT_LIMITS } from '../../contract/contact';
import { type Catalogue, type Translate, translatorFor } from '../../contract/i18n';
import { LOCALE_CODES, LOCALES, type Locale, localisedPath } from '../../contract/locales';
import { messages as EN_MESSAGES } from '../../contract/messages/en';
import { messages as MS_MESSAGES } from '../../contract/messages/ms';
import { messages as ZH_MESSAGES } from '../../contract/messages/zh';
import { RESPONSE_HOURS } from '../../contract/promises';
import { enquiryReference } from '../../contract/reference';
import { type RouteKey, ROUTE_PATHS } from '../../contract/routes';
import { heldFrom, storedEnquiriesFrom, uniqueEmail } from './enquiry-store';
import { expectNoViolations, expectReflowAt320 } from './accessibility-checks';
import { AWARD_COPY, closeAwardPopupIn, expect, expectFieldRefused, openPage, SITE_COPY, test } from './fixtures';
import { queuedCount, waitForWorkerControl } from './pwa';

/**
 * The site in English (/), Malay (/ms/) and Simplified Chinese (/zh/): each
 * page's head in its language, the sitemap, the language switcher and the
 * remembered choice, no English left on the Malay and Chinese pages (which
 * axe checks there too), the
 * contact form and the service answering in the page's language (online,
 * offline through the outbox, and with JavaScript off).
 */

const SITE_URL = readSiteUrl();
const ROUTES = Object.entries(ROUTE_PATHS) as [RouteKey, (typeof ROUTE_PATHS)[RouteKey]][];

/** Each page's title and description, as its copy module has them. */
const META: Record<Locale, Record<RouteKey, { title: string; description: string }>> = {
  en: {
    home: EN_HOME.meta,
    about: EN_ABOUT.meta,
    services: EN_SERVICES.meta,
    portfolio: EN_PORTFOLIO.meta,
    contact: EN_CONTACT.meta,
    privacy: EN_PRIVACY.meta,
    terms: EN_TERMS.meta,
    verify: EN_VERIFY.meta,
  },
  ms: {
    home: MS_HOME.meta,
    about: MS_ABOUT.meta,
    services: MS_SERVICES.meta,
    portfolio: MS_PORTFOLIO.meta,
    contact: MS_CONTACT.meta,
    privacy: MS_PRIVACY.meta,
    terms: MS_TERMS.meta,
    verify: MS_VERIFY.meta,
  },
  zh: {
    home: ZH_HOME.meta,
    about: ZH_ABOUT.meta,
    services: ZH_SERVICES.meta,
    portfolio: ZH_PORTFOLIO.meta,
    contact: ZH_CONTACT.meta,
    privacy: ZH_PRIVACY.meta,
    terms: ZH_TERMS.meta,
    verify: ZH_VERIFY.meta,
  },
};
const HOME_HEADING: Record<Locale, string> = { en: EN_HOME.hero.heading, ms: MS_HOME.hero.heading, zh: ZH_HOME.hero.heading };

/** The form's words and the service's sentences, compiled from the catalogues as the service compiles them. */
const CATALOGUES: Record<Locale, Catalogue> = { en: EN_MESSAGES, ms: MS_MESSAGES, zh: ZH_MESSAGES };
const t = (locale: Locale): Translate => translatorFor(locale, CATALOGUES[locale], compileMessage);

/** A browser set to each language, so no offer of another language shows over the page. */
const BROWSER_LOCALE: Record<Locale, string> = { en: 'en-MY', ms: 'ms-MY', zh: 'zh-CN' };

const notFoundPath = (locale: Locale) => localisedPath(locale, '/no-such-page');

function expectedAlternates(route: string) {
  return [
    ...LOCALE_CODES.map((code) => ({ hreflang: LOCALES[code].htmlLang, href: `${SITE_URL}${localisedPath(code, route)}` })),
    { hreflang: 'x-default', href: `${SITE_URL}${route}` },
  ];
}

/**
 * What a page's head says, read in the browser: from `html` (parsed, no script
 * run) or, when null, from the live document the app has taken over.
 */
function readHead(html: string | null) {
  const doc = html === null ? document : new DOMParser().parseFromString(html, 'text/html');
  const all = (selector: string, attribute: string) =>
    [...doc.head.querySelectorAll(selector)].map((element) => element.getAttribute(attribute) ?? '');
  return {
    lang: doc.documentElement.getAttribute('lang'),
    titles: [...doc.head.querySelectorAll('title')].map((title) => title.textContent),
    descriptions: all('meta[name="description"]', 'content'),
    canonicals: all('link[rel="canonical"]', 'href'),
    robots: all('meta[name="robots"]', 'content'),
    ogLocales: all('meta[property="og:locale"]', 'content'),
    alternates: [...doc.head.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => ({
      hreflang: link.getAttribute('hreflang'),
      href: link.getAttribute('href'),
    })),
    h1: doc.querySelector('h1')?.textContent?.trim() ?? null,
  };
}

function expectedHead(locale: Locale, route: RouteKey) {
  const path = ROUTE_PATHS[route];
  return {
    lang: LOCALES[locale].htmlLang,
    titles: [META[locale][route].title],
    descriptions: [META[locale][route].description],
    canonicals: [`${SITE_URL}${localisedPath(locale, path)}`],
    robots: [],
    ogLocales: [LOCALES[locale].ogLocale],
    alternates: expectedAlternates(path),
  };
}

function expectedNotFoundHead(locale: Locale) {
  const { notFound } = SITE_COPY[locale];
  return {
    lang: LOCALES[locale].htmlLang,
    titles: [notFound.title],
    descriptions: [notFound.description],
    canonicals: [],
    robots: ['noindex'],
    ogLocales: [LOCALES[locale].ogLocale],
    alternates: [],
    h1: notFound.heading,
  };
}

test.describe('each page’s prerendered head is in its language', () => {
  for (const locale of LOCALE_CODES) {
    test(`${LOCALES[locale].name}: lang, hreflang alternates, canonical, title and description on every page and the 404`, async ({
      page,
      request,
    }) => {
      for (const [route, path] of ROUTES) {
        const url = localisedPath(locale, path);
        const response = await request.get(url);
        expect(response.status(), url).toBe(200);
        expect(await page.evaluate(readHead, await response.text()), url).toMatchObject(expectedHead(locale, route));
      }
      const response = await request.get(notFoundPath(locale));
      expect(response.status()).toBe(404);
      expect(await page.evaluate(readHead, await response.text())).toMatchObject(expectedNotFoundHead(locale));
    });
  }

  test('sitemap.xml lists every page in every language, each with its alternates', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const entries = [...sitemap.matchAll(/<url>(.*?)<\/url>/gs)].map(([, entry]) => ({
      loc: /<loc>([^<]+)<\/loc>/.exec(entry!)?.[1],
      alternates: [...entry!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(([, hreflang, href]) => ({
        hreflang,
        href,
      })),
    }));
    const expected = LOCALE_CODES.flatMap((locale) =>
      ROUTES.map(([, path]) => ({ loc: `${SITE_URL}${localisedPath(locale, path)}`, alternates: expectedAlternates(path) })),
    );
    expect([...entries].sort((a, b) => a.loc!.localeCompare(b.loc!))).toEqual([...expected].sort((a, b) => a.loc.localeCompare(b.loc)));
  });
});

const choice = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.locale);

test.describe('the language switcher', () => {
  test('in the header: the same page in the other language, the choice remembered for visits from elsewhere', async ({ page, baseURL }) => {
    await openPage(page, ROUTE_PATHS.about);
    expect(await choice(page)).toBeNull();
    const switcher = page.getByRole('banner').getByRole('list', { name: SITE_COPY.en.language.label });
    await expect(switcher.getByRole('link', { name: 'English', exact: true })).toHaveAttribute('aria-current', 'true');
    await switcher.getByRole('link', { name: 'Bahasa Malaysia', exact: true }).click();

    await expect(page).toHaveURL(localisedPath('ms', ROUTE_PATHS.about));
    await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
    await expect(page).toHaveTitle(META.ms.about.title);
    expect(await choice(page)).toBe('ms');

    // Later, from a bookmark or a search result (no referrer): the English page sends them to the Malay one.
    await page.goto(ROUTE_PATHS.services);
    await expect(page).toHaveURL(localisedPath('ms', ROUTE_PATHS.services));
    await expect(page).toHaveTitle(META.ms.services.title);
    await page.goto(`${ROUTE_PATHS.contact}?utm=x#form`);
    await expect(page).toHaveURL(`${baseURL}/ms/contact?utm=x#form`);
    // A Chinese page too: to the same page under the chosen language.
    await page.goto(localisedPath('zh', ROUTE_PATHS.portfolio));
    await expect(page).toHaveURL(localisedPath('ms', ROUTE_PATHS.portfolio));
    // Following a link on the site itself to a page in another language is on purpose: no redirect.
    await page.goto(localisedPath('zh', ROUTE_PATHS.terms), { referer: `${baseURL}${localisedPath('ms', ROUTE_PATHS.terms)}` });
    await expect(page.locator('#main-content')).toBeVisible();
    await expect(page).toHaveURL(localisedPath('zh', ROUTE_PATHS.terms));

    // Switching again, from a Malay page to Chinese, replaces the choice.
    await openPage(page, localisedPath('ms', ROUTE_PATHS.services));
    await page
      .getByRole('list', { name: SITE_COPY.ms.language.label })
      .first()
      .getByRole('link', { name: '简体中文', exact: true })
      .click();
    await expect(page).toHaveURL(localisedPath('zh', ROUTE_PATHS.services));
    await expect(page).toHaveTitle(META.zh.services.title);
    expect(await choice(page)).toBe('zh');
    await page.goto(ROUTE_PATHS.home);
    await expect(page).toHaveURL(localisedPath('zh', ROUTE_PATHS.home));
  });

  test('a page opened with a query and a fragment: the switcher leads to the same page, as the prerendered links do', async ({ page }) => {
    // A campaign link, say: the links name the page only, so the app's first render matches the prerendered HTML.
    await openPage(page, `${ROUTE_PATHS.about}?utm_source=newsletter#team`);
    const links = page.getByRole('list', { name: SITE_COPY.en.language.label }).first().getByRole('link');
    await expect(links).toHaveCount(3);
    expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual(
      LOCALE_CODES.map((code) => localisedPath(code, ROUTE_PATHS.about)),
    );
  });

  test('moving about a Malay page in the app keeps the language, and swaps the head for the next page’s', async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, 'ms'), STORAGE_KEYS.locale);
    await openPage(page, localisedPath('ms', ROUTE_PATHS.about));
    await page.locator('header nav').getByRole('link', { name: SITE_COPY.ms.nav.portfolio }).click();
    await expect(page).toHaveURL(/\/ms\/portfolio$/);
    await expect(page).toHaveTitle(META.ms.portfolio.title);
    await expect(page.locator('#loading-screen')).toHaveCount(0);
    expect(await page.evaluate(readHead, null)).toMatchObject(expectedHead('ms', 'portfolio'));
    const switcher = page.getByRole('list', { name: SITE_COPY.ms.language.label }).first().getByRole('link');
    expect(await switcher.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual([
      ROUTE_PATHS.portfolio,
      localisedPath('ms', ROUTE_PATHS.portfolio),
      localisedPath('zh', ROUTE_PATHS.portfolio),
    ]);
  });

  test('an unknown page’s switcher leads to the other languages’ home pages', async ({ page }) => {
    await openPage(page, '/ms/no-such-page');
    const links = page.getByRole('list', { name: SITE_COPY.ms.language.label }).first().getByRole('link');
    expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual(
      LOCALE_CODES.map((code) => localisedPath(code, ROUTE_PATHS.home)),
    );
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 }, locale: BROWSER_LOCALE.zh });

    test('the menu’s full language names lead to the same page in the other language, and the choice is kept', async ({ page }) => {
      await openPage(page, localisedPath('zh', ROUTE_PATHS.portfolio));
      await page.getByRole('button', { name: SITE_COPY.zh.menu.open }).click();
      const menu = page.getByRole('dialog', { name: SITE_COPY.zh.menu.title });
      const languages = menu.getByRole('list', { name: SITE_COPY.zh.language.label });
      await expect(languages.getByRole('link')).toHaveText(LOCALE_CODES.map((code) => LOCALES[code].name));
      await expect(languages.getByRole('link', { name: '简体中文' })).toHaveAttribute('aria-current', 'true');
      await languages.getByRole('link', { name: 'Bahasa Malaysia' }).click();

      await expect(page).toHaveURL(localisedPath('ms', ROUTE_PATHS.portfolio));
      await expect(page).toHaveTitle(META.ms.portfolio.title);
      expect(await choice(page)).toBe('ms');
      await page.goto(localisedPath('zh', ROUTE_PATHS.portfolio));
      await expect(page).toHaveURL(localisedPath('ms', ROUTE_PATHS.portfolio));
    });
  });

  test.describe('a crawler, which never chose a language', () => {
    test.use({ locale: BROWSER_LOCALE.zh, userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });

    test('is never redirected, whatever its language', async ({ page, baseURL }) => {
      for (const path of [
        ROUTE_PATHS.about,
        localisedPath('ms', ROUTE_PATHS.home),
        localisedPath('zh', ROUTE_PATHS.contact),
        '/ms/no-such-page',
      ]) {
        await openPage(page, path);
        await expect(page.locator('#main-content')).toBeVisible();
        expect(page.url(), path).toBe(`${baseURL}${path}`);
      }
      expect(await choice(page)).toBeNull();
    });
  });
});

test.describe('a first visit in another language than the browser’s', () => {
  test.use({ locale: BROWSER_LOCALE.zh });

  test('offers the browser’s language without moving there; taking the offer remembers it', async ({ page, baseURL }) => {
    await openPage(page, localisedPath('ms', ROUTE_PATHS.about));
    const offer = page.getByRole('complementary', { name: SITE_COPY.ms.language.label });
    await expect(offer).toContainText(LOCALES.zh.offer);
    await expect(offer).toHaveAttribute('lang', 'zh-Hans');
    expect(page.url()).toBe(`${baseURL}${localisedPath('ms', ROUTE_PATHS.about)}`);
    await offer.getByRole('link', { name: LOCALES.zh.name }).click();
    await expect(page).toHaveURL(localisedPath('zh', ROUTE_PATHS.about));
    expect(await choice(page)).toBe('zh');
    await expect(page.getByRole('complementary', { name: SITE_COPY.zh.language.label })).toHaveCount(0);
  });

  test('dismissing the offer keeps the page’s language as the choice', async ({ page, baseURL }) => {
    await openPage(page, ROUTE_PATHS.about);
    const offer = page.getByRole('complementary', { name: SITE_COPY.en.language.label });
    await expect(offer).toContainText(LOCALES.zh.offer);
    await offer.getByRole('button', { name: SITE_COPY.en.language.dismiss }).click();
    await expect(offer).toHaveCount(0);
    expect(await choice(page)).toBe('en');
    await openPage(page, ROUTE_PATHS.contact);
    expect(page.url()).toBe(`${baseURL}${ROUTE_PATHS.contact}`);
    await expect(page.getByRole('complementary', { name: SITE_COPY.en.language.label })).toHaveCount(0);
  });
});

/**
 * English that would betray untranslated copy on a Malay or Chinese page:
 * common words, whole words, any case. None is also a Malay word the copy uses
 * (so no "data", "menu", "portfolio", "main", "no").
 */
const ENGLISH_WORDS = `
  the and or of to in on at by for with from into about is are was were be been will would can could should may must
  has have had do does not our your yours you we us my me this that these those it its they their them here there what
  which who how why when where all any more most some every each only also just than then if but as
  home contact services service send sent sending message messages please enter close open read learn privacy terms
  notice page found error accept decline loading notifications notification skip content navigation language current
  keep login sign email name first last address number phone required optional thank thanks hours days today get
  started track records team office business visit monday friday weekend reply quick links follow rights reserved
  slide previous next go highlights rating stars back another offline online saved update reload version legal
  disclaimer information general advice personal protection sample company licence license holder issued trusted
  since clients growth ideas reports stocks shares indices currencies commodities cryptocurrency equity private funds
  investment investments investing wealth financial management advisory advisers adviser advisor award awards year
  years consulting consultation planning strategy strategies research analysis risk performance returns success rate
  average active projects mission vision founder director manager analyst chat hide show free call discovery minute
  minutes guaranteed response within singapore
`
  .trim()
  .split(/\s+/);
const ENGLISH = new RegExp(`\\b(?:${ENGLISH_WORDS.join('|')})\\b`, 'gi');

/**
 * Names, kept as they are in every language: the brand, the testimonials'
 * people and companies, the award's proper names (which the Malay and Chinese
 * copy keep in English), and products. Plus e-mail addresses (or their @domain alone) and URLs.
 */
const ALLOWED_NAMES = [
  'Teratai Wealth',
  'Aisyah Rahman',
  'Seri Bayu Logistics',
  'Daniel Lim Wei Jie',
  'Lim Heritage Foods',
  'Priya Nair',
  'Harbourline Consulting',
  "Kuala Lumpur Investors' Circle",
  'Wealth Advisory Excellence Awards',
  'Wealth Advisory Firm of the Year',
  'WhatsApp',
  'Facebook',
  'Instagram',
  'PDPA',
];
const ALLOWED = [
  ...ALLOWED_NAMES.map((name) => new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'), 'g')),
  /[\w.+-]*@[\w-]+(?:\.[\w-]+)+/g,
  /https?:\/\/\S+/g,
];

/**
 * Every piece of text a visitor sees or hears on the page, in the page's
 * language: visible text nodes (sections the browser has not laid out yet,
 * content-visibility: auto, included) and the names and descriptions in
 * attributes (aria-label, alt, title, placeholder). Text marked with another
 * lang (the language switcher's names, the English notice on the privacy page)
 * is left out: it is meant to be in that language.
 */
function textInPageLanguage(): string[] {
  const pageLang = document.documentElement.lang;
  const inPageLanguage = (element: Element) => (element.closest('[lang]')?.getAttribute('lang') ?? pageLang) === pageLang;
  const shown = (element: Element) => element.checkVisibility({ visibilityProperty: true });
  const pieces: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent?.trim();
    if (!parent || !text || parent.closest('script, style, noscript, template')) continue;
    if (shown(parent) && inPageLanguage(parent)) pieces.push(text);
  }
  const attributes = ['aria-label', 'aria-description', 'aria-roledescription', 'alt', 'title', 'placeholder'];
  for (const element of document.body.querySelectorAll(attributes.map((name) => `[${name}]`).join(', '))) {
    if (!shown(element) || !inPageLanguage(element)) continue;
    for (const name of attributes) {
      const value = element.getAttribute(name)?.trim();
      if (value) pieces.push(value);
    }
  }
  return pieces;
}

/** Each piece of `pieces` holding English words once the allowed names are taken out, with the words found. */
function englishIn(pieces: readonly string[]): string[] {
  return pieces.flatMap((piece) => {
    const rest = ALLOWED.reduce((text, allowed) => text.replace(allowed, ' '), piece);
    const words = rest.match(ENGLISH);
    return words ? [`${[...new Set(words)].join(', ')} in “${piece}”`] : [];
  });
}

for (const locale of ['ms', 'zh'] as const) {
  test.describe(`no English left on the ${LOCALES[locale].name} pages`, () => {
    test.use({ locale: BROWSER_LOCALE[locale], storedConsent: null });

    for (const [route, path] of [...ROUTES, ['notFound', '/no-such-page'] as const]) {
      const url = route === 'notFound' ? notFoundPath(locale) : localisedPath(locale, path);
      test(`${url}: every word shown or read out is ${LOCALES[locale].name}, the app kept the head, no WCAG 2.2 AA violations, and it reflows at 320 px`, async ({
        page,
      }) => {
        await openPage(page, url);
        // includeHidden: the home page's award pop-up hides the rest of the page from the accessibility tree.
        await expect(page.getByRole('region', { name: SITE_COPY[locale].cookieBanner.label, includeHidden: true })).toBeVisible();
        // The award pop-up's words are checked too, open.
        if (route === 'home') await expect(page.getByRole('dialog', { name: AWARD_COPY[locale].title })).toBeVisible();

        const head = await page.evaluate(readHead, null);
        if (route === 'notFound') expect(head).toMatchObject(expectedNotFoundHead(locale));
        else expect(head).toMatchObject(expectedHead(locale, route));

        const pieces = await page.evaluate(textInPageLanguage);
        // The reading found the page's words: the menu's, the cookie banner's.
        expect(pieces).toEqual(expect.arrayContaining([SITE_COPY[locale].nav.home, SITE_COPY[locale].cookieBanner.accept]));
        expect(englishIn(pieces)).toEqual([]);

        // The accessibility checks of the English pages (accessibility.spec.ts), in this language, in the same state.
        if (route === 'home') await closeAwardPopupIn(page, locale);
        await expect(page.getByRole('region', { name: SITE_COPY[locale].cookieBanner.label })).toBeVisible();
        await expectNoViolations(page);
        await expectReflowAt320(page);
      });
    }

    test.describe('on a phone', () => {
      test.use({ viewport: { width: 375, height: 740 }, storedConsent: 'accepted' });

      test('the open menu is in the page’s language', async ({ page }) => {
        await openPage(page, localisedPath(locale, ROUTE_PATHS.services));
        await page.getByRole('button', { name: SITE_COPY[locale].menu.open }).click();
        await expect(page.getByRole('dialog', { name: SITE_COPY[locale].menu.title })).toBeVisible();
        expect(englishIn(await page.evaluate(textInPageLanguage))).toEqual([]);
      });
    });
  });
}

/** The notifications, found by shape: the region's own label is the page's language's. */
const notifications = (page: Page) => page.locator('[role="region"]:has(> ol) li');

/** The contact form's fields in `locale`, by their labels there. */
function contactFields(page: Page, locale: Locale) {
  const label = (field: 'firstName' | 'lastName' | 'email' | 'phone' | 'message') => page.getByLabel(t(locale)(`field.${field}.label`));
  return {
    firstName: label('firstName'),
    lastName: label('lastName'),
    email: label('email'),
    phone: label('phone'),
    message: label('message'),
    send: page.getByRole('button', { name: t(locale)('form.submit') }),
  };
}

/** Fills the contact form's required fields in `locale` and presses its send button; gives the form's fields. */
async function sendEnquiryIn(page: Page, locale: Locale, fields: { firstName: string; lastName: string; email: string; message: string }) {
  const form = contactFields(page, locale);
  await form.firstName.fill(fields.firstName);
  await form.lastName.fill(fields.lastName);
  await form.email.fill(fields.email);
  await form.message.fill(fields.message);
  await form.send.click();
  return form;
}

test.describe('the contact form in Malay', () => {
  const ms = t('ms');

  test('its field errors are Malay, and nothing is sent', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.addInitScript((key) => localStorage.setItem(key, 'ms'), STORAGE_KEYS.locale);
    await openPage(page, localisedPath('ms', ROUTE_PATHS.contact));
    const form = contactFields(page, 'ms');
    await form.send.click();
    for (const [field, id] of [
      [form.firstName, 'field.firstName.missing'],
      [form.lastName, 'field.lastName.missing'],
      [form.email, 'field.email.missing'],
      [form.message, 'field.message.missing'],
    ] as const) {
      await expectFieldRefused(field, ms(id));
    }
    await form.email.fill('bukan-alamat');
    await form.phone.fill('telefon saya');
    await form.send.click();
    await expectFieldRefused(form.email, ms('field.email.invalid'));
    await expectFieldRefused(form.phone, ms('field.phone.invalid', { min: CONTACT_LIMITS.phoneMin, max: CONTACT_LIMITS.phoneMax }));
    expect(posts).toEqual([]);
  });

  test('a valid enquiry from an English browser: "Message Sent!" and the service’s thank-you in Malay, stored with locale ms', async ({
    page,
  }) => {
    const email = uniqueEmail('ms-form');
    await page.addInitScript((key) => localStorage.setItem(key, 'ms'), STORAGE_KEYS.locale);
    await openPage(page, localisedPath('ms', ROUTE_PATHS.contact));
    const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/contact'));
    await sendEnquiryIn(page, 'ms', { firstName: 'Farah', lastName: 'Aziz', email, message: 'Saya ingin merancang persaraan saya.' });

    const toast = notifications(page);
    await expect(toast).toContainText(ms('notice.sent.title'));
    await expect(toast).toContainText(ms('service.thankYou', { firstName: 'Farah', hours: RESPONSE_HOURS }));
    const request = await posted;
    expect(request.postDataJSON()).toMatchObject({ locale: 'ms' });
    expect(await request.headerValue('accept-language')).toBe('ms');
    const stored = await storedEnquiriesFrom(email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ firstName: 'Farah', message: 'Saya ingin merancang persaraan saya.', locale: 'ms' });
    const thanks = ms('service.thankYou', { firstName: 'Farah', hours: RESPONSE_HOURS });
    await expect(toast).toContainText(ms('service.withReference', { thanks, reference: enquiryReference(stored[0]!.id) }));
  });

  test('the service’s refusal is in Malay', async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, 'ms'), STORAGE_KEYS.locale);
    await openPage(page, localisedPath('ms', ROUTE_PATHS.contact));
    // The form checks what it sends; the service refuses it only when something changed it on the way.
    await page.route('**/api/contact', (route) =>
      route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), email: 'bukan-alamat' }) }),
    );
    await sendEnquiryIn(page, 'ms', {
      firstName: 'Farah',
      lastName: 'Aziz',
      email: uniqueEmail('ms-refused'),
      message: 'Adakah ini sampai?',
    });
    const toast = notifications(page);
    await expect(toast).toHaveAttribute('data-variant', 'destructive');
    await expect(toast).toContainText(ms('notice.error.title'));
    await expect(toast).toContainText(`400: ${ms('field.email.invalid')}${ms('problem.end')}`);
  });
});

test.describe('offline in Chinese', () => {
  test.use({ locale: BROWSER_LOCALE.zh, serviceWorkers: 'allow' });
  const zh = t('zh');

  test('the Chinese pages open offline; an enquiry sent offline gets the Chinese notice, then is delivered in Chinese and stored with locale zh', async ({
    page,
    context,
  }) => {
    const email = uniqueEmail('zh-offline');
    await openPage(page, localisedPath('zh', ROUTE_PATHS.contact));
    await waitForWorkerControl(page);
    await context.setOffline(true);

    for (const route of ['about', 'services', 'privacy'] as const) {
      await openPage(page, localisedPath('zh', ROUTE_PATHS[route]));
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
      await expect(page).toHaveTitle(META.zh[route].title);
    }
    await openPage(page, notFoundPath('zh'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SITE_COPY.zh.notFound.heading);

    await openPage(page, localisedPath('zh', ROUTE_PATHS.contact));
    const form = await sendEnquiryIn(page, 'zh', { firstName: '伟明', lastName: '陈', email, message: '我想了解退休规划。' });
    const toast = notifications(page);
    await expect(toast).toContainText(zh('notice.offline.title'));
    await expect(toast).toContainText(zh('notice.offline.description'));
    await expect(form.message).toHaveValue('');
    expect(await queuedCount(page)).toBe(1);
    expect(await storedEnquiriesFrom(email)).toHaveLength(0);

    await context.setOffline(false);
    await expect(toast).toContainText(zh('notice.sent.title'), { timeout: 15_000 });
    await expect(toast).toContainText(zh('service.thankYou', { firstName: '伟明', hours: RESPONSE_HOURS }));
    await expect.poll(() => queuedCount(page)).toBe(0);
    const stored = await storedEnquiriesFrom(email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ firstName: '伟明', lastName: '陈', message: '我想了解退休规划。', locale: 'zh' });
    const thanks = zh('service.thankYou', { firstName: '伟明', hours: RESPONSE_HOURS });
    await expect(toast).toContainText(zh('service.withReference', { thanks, reference: enquiryReference(stored[0]!.id) }));
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the prerendered Malay and Chinese pages show their content', async ({ page }) => {
    for (const locale of ['ms', 'zh'] as const) {
      await page.goto(localisedPath(locale, ROUTE_PATHS.home));
      await expect(page.locator('html')).toHaveAttribute('lang', LOCALES[locale].htmlLang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_HEADING[locale]);
      await expect(page.locator('#loading-screen')).toBeHidden();
      await page.goto(localisedPath(locale, ROUTE_PATHS.contact));
      await expect(page.getByRole('form', { name: t(locale)('form.heading') })).toBeVisible();
    }
  });

  test('the form on /ms/contact, posted by the browser, gets the service’s Malay pages and is held with locale ms', async ({ page }) => {
    const ms = t('ms');
    const email = uniqueEmail('ms-nojs');
    await page.goto(localisedPath('ms', ROUTE_PATHS.contact));
    const form = contactFields(page, 'ms');
    await form.lastName.fill('Aziz');
    await form.email.fill(email);
    await page.getByRole('textbox', { name: ms('field.message.label'), exact: true }).fill('Dihantar tanpa JavaScript.');
    await form.send.click();

    await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
    await expect(page).toHaveTitle(`${ms('notice.error.title')}: ${ms('formPage.notSent')}`);
    await expect(page.getByRole('alert')).toContainText(ms('formPage.checkFields'));
    await expect(page.getByRole('alert').getByRole('link', { name: ms('field.firstName.missing') })).toHaveAttribute('href', '#firstName');
    expect(await storedEnquiriesFrom(email)).toHaveLength(0);

    await page.getByLabel(ms('field.firstName.label')).fill('Farah');
    await page.getByRole('button', { name: ms('form.submit') }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ms('notice.sent.title'));
    await expect(page.getByText(ms('formPage.thanks', { hours: RESPONSE_HOURS }))).toBeVisible();
    await expect(page.getByRole('link', { name: ms('formPage.home') })).toHaveAttribute('href', localisedPath('ms', ROUTE_PATHS.home));
    const held = await heldFrom(email);
    expect(held).toHaveLength(1);
    expect(held[0]).toContain(`Farah Aziz <${email}>`);
    expect(held[0]).toContain('language: Bahasa Malaysia (ms)');
  });
});
