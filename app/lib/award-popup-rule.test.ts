import { describe, expect, it } from 'vitest';
import { markAwardShown, mayOpenAwardPopup, wasAwardShownThisSession } from './award-popup-rule';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe('award pop-up, once per session', () => {
  it('is not shown in a new session, and is remembered once shown', () => {
    const session = memoryStorage();
    expect(wasAwardShownThisSession(session)).toBe(false);
    markAwardShown(session);
    expect(wasAwardShownThisSession(session)).toBe(true);
  });

  it('does not open again in the session it was shown in', () => {
    expect(mayOpenAwardPopup({ shownThisSession: true, cookieBannerVisible: false, phoneWidth: false })).toBe(false);
    expect(mayOpenAwardPopup({ shownThisSession: false, cookieBannerVisible: false, phoneWidth: false })).toBe(true);
  });
});

describe('award pop-up and the cookie banner', () => {
  it('waits while the banner shows on a phone', () => {
    expect(mayOpenAwardPopup({ shownThisSession: false, cookieBannerVisible: true, phoneWidth: true })).toBe(false);
    expect(mayOpenAwardPopup({ shownThisSession: false, cookieBannerVisible: false, phoneWidth: true })).toBe(true);
  });

  it('opens beside the banner on a wider screen, where the banner sits in a corner', () => {
    expect(mayOpenAwardPopup({ shownThisSession: false, cookieBannerVisible: true, phoneWidth: false })).toBe(true);
  });
});
