/**
 * The cookie banner painted with the page (the floating dock's stand-in in
 * components/layout/site-layout.tsx): hidden by CSS unless the root element
 * is marked as asking, which this does before the page is shown when no
 * choice is stored. Its buttons are answered here, by their
 * data-cookie-answer, until the floating dock's live banner replaces it;
 * the answer goes to the state both share (state/cookie-banner.ts).
 */
import type { CookieAnswer } from '../lib/cookie-consent';
import { focusMainContent } from '../lib/main-content';
import { answerCookieBanner, isCookieBannerShown } from '../state/cookie-banner';

export const PRERENDERED_COOKIE_BANNER_CLASS = 'prerendered-cookie-banner';
/** The root element's attribute while the banner painted with the page is asking; uno.config.ts shows the banner by it. */
export const ASKING_ATTRIBUTE = 'data-asks-cookie-consent';

export function askForCookieConsent(root: HTMLElement = document.documentElement): void {
  try {
    if (!isCookieBannerShown()) return;
  } catch {
    // No storage (blocked): the floating dock decides once it has loaded, as it always did.
    return;
  }
  root.setAttribute(ASKING_ATTRIBUTE, '');
  // In the capture phase: while React hydrates, it may stop a click on the page from bubbling past its root.
  root.addEventListener(
    'click',
    (event) => {
      const button =
        event.target instanceof Element ? event.target.closest(`.${PRERENDERED_COOKIE_BANNER_CLASS} [data-cookie-answer]`) : null;
      if (!button) return;
      // The card's own buttons carry it (components/layout/cookie-banner-card.tsx).
      answerCookieBanner(button.getAttribute('data-cookie-answer') as CookieAnswer);
      focusMainContent(); // the banner and its focused button go away
      root.removeAttribute(ASKING_ATTRIBUTE);
    },
    { capture: true },
  );
}
