/** Every key the site writes to the browser's storage. */
export const STORAGE_KEYS = {
  /** localStorage: 'accepted' | 'declined' (decisions.md). */
  cookieConsent: 'tw-cookie-consent',
  /** sessionStorage: set when the banner's close icon hides it for this browser session. */
  cookieBannerHidden: 'tw-cookie-banner-hidden',
} as const;
