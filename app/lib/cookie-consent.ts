import { STORAGE_KEYS } from '../config/storage-keys';

export type CookieConsent = 'accepted' | 'declined';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function readCookieConsent(storage: KeyValueStorage): CookieConsent | null {
  const value = storage.getItem(STORAGE_KEYS.cookieConsent);
  return value === 'accepted' || value === 'declined' ? value : null;
}

export function storeCookieConsent(storage: KeyValueStorage, consent: CookieConsent): void {
  storage.setItem(STORAGE_KEYS.cookieConsent, consent);
}

export function isCookieBannerHiddenForSession(session: KeyValueStorage): boolean {
  return session.getItem(STORAGE_KEYS.cookieBannerHidden) === 'true';
}

export function hideCookieBannerForSession(session: KeyValueStorage): void {
  session.setItem(STORAGE_KEYS.cookieBannerHidden, 'true');
}

/** The banner shows while no choice is stored and it was not closed in this session. */
export function shouldShowCookieBanner(local: KeyValueStorage, session: KeyValueStorage): boolean {
  return readCookieConsent(local) === null && !isCookieBannerHiddenForSession(session);
}
