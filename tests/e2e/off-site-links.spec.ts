import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../app/config/storage-keys';
import { LOCALES, type Locale, localisedPath } from '../../contract/locales';
import { ROUTE_PATHS } from '../../contract/routes';
import { expect, openPage, SITE_COPY, test } from './fixtures';

/**
 * The site's name never lends itself to another site: a path that reads as
 * another site's address once its language prefix is taken off
 * (/ms//evil.example/login) is a 404 page that stays where it is, and its
 * language links lead to this site's own pages.
 */

const HOSTILE_HOST = 'evil.example';

/** Every request to the hostile host, answered here so that none leaves the machine. */
async function watchHostileHost(page: Page): Promise<string[]> {
  const reached: string[] = [];
  await page.context().route(`*://${HOSTILE_HOST}/**`, (route) => {
    reached.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Not the firm</h1>' });
  });
  return reached;
}

/** The hrefs of every link in the page's language lists and its offer of another language. */
function languageLinks(page: Page, locale: Locale) {
  return page
    .locator(`[aria-label="${SITE_COPY[locale].language.label}"] a`)
    .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
}

test.describe('a visitor who chose English, arriving with no referrer at /ms//evil.example/login', () => {
  test.use({ locale: 'en-MY' });

  test('stays on the site and sees the Malay 404 page', async ({ page, baseURL }) => {
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.locale, 'en'] as const);
    const reached = await watchHostileHost(page);
    const path = `/ms//${HOSTILE_HOST}/login`;

    const response = await openPage(page, path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SITE_COPY.ms.notFound.heading);
    expect(page.url()).toBe(`${baseURL}${path}`);
    expect(reached).toEqual([]);
    for (const href of await languageLinks(page, 'ms')) expect(new URL(href).origin, href).toBe(new URL(baseURL!).origin);
  });
});

test.describe('a first visit to /<language>//evil.example/login', () => {
  for (const [browserLocale, pageLocale, offered] of [
    ['en-MY', 'ms', 'en'],
    ['ms-MY', 'zh', 'ms'],
  ] as const) {
    test.describe(`with a browser in ${browserLocale}`, () => {
      test.use({ locale: browserLocale });

      test(`offers the ${LOCALES[offered].name} site by a link to its own home page, never elsewhere`, async ({ page, baseURL }) => {
        const reached = await watchHostileHost(page);
        await openPage(page, `/${pageLocale}//${HOSTILE_HOST}/login`);
        const offer = page.getByRole('complementary', { name: SITE_COPY[pageLocale].language.label });
        await expect(offer).toContainText(LOCALES[offered].offer);
        const link = offer.getByRole('link', { name: LOCALES[offered].name });
        expect(await link.evaluate((anchor) => (anchor as HTMLAnchorElement).href)).toBe(
          `${baseURL}${localisedPath(offered, ROUTE_PATHS.home)}`,
        );
        for (const href of await languageLinks(page, pageLocale)) expect(new URL(href).origin, href).toBe(new URL(baseURL!).origin);

        await link.click();
        await expect(page).toHaveURL(new RegExp(`^${baseURL}/`));
        expect(reached).toEqual([]);
      });
    });
  }
});
