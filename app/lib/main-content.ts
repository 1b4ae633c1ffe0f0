/** The id of the page's <main>, which the skip link leads to. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * Gives focus to the page's main content, without scrolling it: for when the
 * element that held focus goes away (the cookie banner answered, the award
 * pop-up closed), so that the next Tab goes on in the page, not from its top.
 */
export function focusMainContent(): void {
  document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
}
