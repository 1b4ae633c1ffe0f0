import { atom } from 'jotai';
import { type CookieAnswer, recordCookieAnswer, shouldShowCookieBanner } from '../lib/cookie-consent';

/** Set once the visitor answers or closes the banner on this page. */
const bannerDismissedAtom = atom(false);

/**
 * Whether the cookie banner is on screen: no choice stored, not closed for
 * this session, not dismissed on this page. The banner shows it; the award
 * pop-up waits for it on a phone. Read on the client only (browser storage).
 */
export const cookieBannerVisibleAtom = atom(
  (get) => !get(bannerDismissedAtom) && shouldShowCookieBanner(localStorage, sessionStorage),
);

export const dismissCookieBannerAtom = atom(null, (_get, set, answer: CookieAnswer) => {
  recordCookieAnswer(answer, localStorage, sessionStorage);
  set(bannerDismissedAtom, true);
});
