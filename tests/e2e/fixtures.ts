// The site's copy modules are imported for expected texts; their types reach app/i18n, which uses Vite's import.meta.glob.
/// <reference types="vite/client" />
import { type BrowserContext, expect, type Locator, type Page, type Request, test as base } from '@playwright/test';
import { STORAGE_KEYS } from '../../app/config/storage-keys';
import { LOADING_COMPLETION_DELAY_MS, LOADING_STEP_MIN_POINTS, LOADING_TICK_MS } from '../../app/config/timings';
import { LOADING_COMPLETE } from '../../app/lib/loading-progress';
import { CONTACT_ENDPOINT } from '../../contract/contact';
import type { Locale } from '../../contract/locales';
import { COPY as EN_HOME } from '../../app/content/locales/en/pages/home';
import { SITE as EN_SITE } from '../../app/content/locales/en/site';
import { COPY as MS_HOME } from '../../app/content/locales/ms/pages/home';
import { SITE as MS_SITE } from '../../app/content/locales/ms/site';
import { COPY as ZH_HOME } from '../../app/content/locales/zh/pages/home';
import { SITE as ZH_SITE } from '../../app/content/locales/zh/site';

export { expect };

interface SiteOptions {
  /** A cookie choice stored before the page loads, so the banner stays out of the way; null shows it. */
  storedConsent: 'accepted' | 'declined' | null;
  /**
   * Whether openPage moves the page's clock past the loading screen instead of
   * waiting it out: on by default, off in the specs about start-up and timing
   * and in those that run the page's clock themselves.
   */
  fastLoadingScreen: boolean;
}

/** The loading screen's longest run: the smallest steps from 0 to 100, one a tick, then the hand-over's delay. */
const LONGEST_LOADING_SCREEN_MS = Math.ceil(LOADING_COMPLETE / LOADING_STEP_MIN_POINTS) * LOADING_TICK_MS + LOADING_COMPLETION_DELAY_MS;

/**
 * The browser contexts whose loading screens openPage runs on the page's clock, and those whose clock it has
 * installed. A clock belongs to the context: every page of it, opened before or after, shares it.
 */
const fastLoadingScreens = new WeakSet<BrowserContext>();
const installedClocks = new WeakSet<BrowserContext>();

export const test = base.extend<SiteOptions>({
  storedConsent: ['accepted', { option: true }],
  fastLoadingScreen: [true, { option: true }],
  page: async ({ page, storedConsent, fastLoadingScreen }, use) => {
    if (fastLoadingScreen) fastLoadingScreens.add(page.context());
    if (storedConsent) {
      await page.addInitScript(
        ({ key, value }) => {
          if (!localStorage.getItem(key)) localStorage.setItem(key, value);
        },
        { key: STORAGE_KEYS.cookieConsent, value: storedConsent },
      );
    }
    await use(page);
  },
});

/**
 * Opens a path, in any language, and waits for the loading screen to hand
 * over to the page (on a page with fastLoadingScreen, moving the page's clock
 * past it), and for the app to take the page over: its notification
 * area (F8) mounts right after hydration, and from then on links and buttons
 * answer in the app. The area is found by its shape (Radix's region holding
 * the list of notifications), not by its label, which is in the page's
 * language, and not by role: the home page's award pop-up hides the rest of
 * the page from the accessibility tree.
 */
export async function openPage(page: Page, path: string) {
  const fast = fastLoadingScreens.has(page.context());
  if (fast && !installedClocks.has(page.context())) {
    // Installed on the first page openPage loads, so that pages a test loads otherwise keep the real clock;
    // it runs with real time from then on.
    await page.clock.install();
    installedClocks.add(page.context());
  }
  const response = await page.goto(path);
  // The loading screen's ticks were set as the page's script ran, before its load event.
  if (fast) await page.clock.runFor(LONGEST_LOADING_SCREEN_MS);
  await expectAppStarted(page);
  return response;
}

/** As openPage, for a reload of the page openPage opened. */
export async function reloadPage(page: Page) {
  const response = await page.reload();
  if (installedClocks.has(page.context())) await page.clock.runFor(LONGEST_LOADING_SCREEN_MS);
  await expectAppStarted(page);
  return response;
}

/** The loading screen has handed over to the page, and the app has taken it over (openPage). */
async function expectAppStarted(page: Page) {
  await expect(page.locator('#main-content')).toBeVisible();
  await expect(page.locator('[role="region"]:has(> ol)')).toBeAttached();
}

/**
 * The enquiries posted from now on, as they are sent: by the page, or, given
 * the context, by any of its pages and its service worker.
 */
export function contactPosts(source: Page | BrowserContext): Request[] {
  const posts: Request[] = [];
  source.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === CONTACT_ENDPOINT) posts.push(request);
  });
  return posts;
}

/** A form field refused with `sentence`: marked invalid, with the sentence as what a screen reader reads with it. */
export async function expectFieldRefused(field: Locator, sentence: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(sentence);
}

/** The home page's award pop-up opens by itself; tests about other things close it first. */
export async function closeAwardPopup(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Award-winning wealth advisory' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** What every page shows around its content, in each language (app/content/locales/<code>/site.ts). */
export const SITE_COPY = { en: EN_SITE, ms: MS_SITE, zh: ZH_SITE } as const satisfies Record<Locale, unknown>;

/** The home page's award pop-up, in each language. */
export const AWARD_COPY = { en: EN_HOME.award, ms: MS_HOME.award, zh: ZH_HOME.award } as const satisfies Record<Locale, unknown>;

/** closeAwardPopup on the home page in `locale`: the pop-up named and closed in that language. */
export async function closeAwardPopupIn(page: Page, locale: Locale) {
  const dialog = page.getByRole('dialog', { name: AWARD_COPY[locale].title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: AWARD_COPY[locale].close, exact: true }).click();
  await expect(dialog).toBeHidden();
}
