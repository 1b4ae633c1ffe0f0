/** Every key the site writes to the browser's storage. */
export const STORAGE_KEYS = {
  /** localStorage: 'accepted' | 'declined' (docs/product.md). */
  cookieConsent: 'tw-cookie-consent',
  /** sessionStorage: set when the banner's close icon hides it for this browser session. */
  cookieBannerHidden: 'tw-cookie-banner-hidden',
  /** sessionStorage: set when the award pop-up has opened, so it opens at most once per browser session. */
  awardShown: 'tw-award-shown',
  /** localStorage: the language the visitor chose with the switcher (a code of contract/locales.ts). */
  locale: 'tw-locale',
} as const;
