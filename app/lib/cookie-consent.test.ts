import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../config/storage-keys';
import { readCookieConsent, recordCookieAnswer, shouldShowCookieBanner } from './cookie-consent';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
  };
}

describe('cookie consent', () => {
  it('shows the banner when nothing is stored', () => {
    expect(shouldShowCookieBanner(memoryStorage(), memoryStorage())).toBe(true);
  });

  it.each(['accepted', 'declined'] as const)(`stores %s under ${STORAGE_KEYS.cookieConsent} and hides the banner for good`, (choice) => {
    const local = memoryStorage();
    const session = memoryStorage();
    recordCookieAnswer(choice, local, session);
    expect(session.entries.size).toBe(0);
    expect(local.entries.get(STORAGE_KEYS.cookieConsent)).toBe(choice);
    expect(readCookieConsent(local)).toBe(choice);
    expect(shouldShowCookieBanner(local, memoryStorage())).toBe(false);
  });

  it('closing hides it for the session without storing a choice', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    recordCookieAnswer('closed', local, session);
    expect(shouldShowCookieBanner(local, session)).toBe(false);
    expect(readCookieConsent(local)).toBeNull();
    expect(local.entries.size).toBe(0);
    expect(shouldShowCookieBanner(local, memoryStorage())).toBe(true);
  });

  it('ignores a stored value that is not a valid choice', () => {
    const local = memoryStorage();
    local.setItem(STORAGE_KEYS.cookieConsent, 'maybe');
    expect(readCookieConsent(local)).toBeNull();
    expect(shouldShowCookieBanner(local, memoryStorage())).toBe(true);
  });
});
