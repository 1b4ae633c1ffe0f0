import { type CookieAnswer, recordCookieAnswer, shouldShowCookieBanner } from '../lib/cookie-consent';

/**
 * Whether the cookie banner is on screen, for both of its forms: the one
 * painted with the page (answered by the start-up script) and the floating
 * dock's live one. An answer given to either is told to every reader at once,
 * so the live banner and the award pop-up never act on a state read before
 * the visitor answered. Plain module state, without React: the start-up
 * script shares it.
 */
let answeredHere = false;
const listeners = new Set<() => void>();

/** No choice stored, not closed for this session, not answered on this page (storage that refuses writes still hides it). */
export function isCookieBannerShown(): boolean {
  return !answeredHere && shouldShowCookieBanner(localStorage, sessionStorage);
}

export function answerCookieBanner(answer: CookieAnswer): void {
  recordCookieAnswer(answer, localStorage, sessionStorage);
  answeredHere = true;
  for (const listener of listeners) listener();
}

export function subscribeCookieBanner(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
