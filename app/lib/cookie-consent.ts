import { STORAGE_KEYS } from '../config/storage-keys';

export type CookieConsent = 'accepted' | 'declined';
/** What the visitor did with the banner: a choice, or its close icon. */
export type CookieAnswer = CookieConsent | 'closed';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function readCookieConsent(storage: KeyValueStorage): CookieConsent | null {
  const value = storage.getItem(STORAGE_KEYS.cookieConsent);
  return value === 'accepted' || value === 'declined' ? value : null;
}

function storeCookieConsent(storage: KeyValueStorage, consent: CookieConsent): void {
  storage.setItem(STORAGE_KEYS.cookieConsent, consent);
}

function isCookieBannerHiddenForSession(session: KeyValueStorage): boolean {
  return session.getItem(STORAGE_KEYS.cookieBannerHidden) === 'true';
}

function hideCookieBannerForSession(session: KeyValueStorage): void {
  session.setItem(STORAGE_KEYS.cookieBannerHidden, 'true');
}

/** What the banner's buttons do: a choice is stored for good; 'closed' hides the banner for this browser session only. */
export function recordCookieAnswer(answer: CookieAnswer, local: KeyValueStorage, session: KeyValueStorage): void {
  if (answer === 'closed') hideCookieBannerForSession(session);
  else storeCookieConsent(local, answer);
}

/** The banner shows while no choice is stored and it was not closed in this session. */
export function shouldShowCookieBanner(local: KeyValueStorage, session: KeyValueStorage): boolean {
  return readCookieConsent(local) === null && !isCookieBannerHiddenForSession(session);
}
