/**
 * When the home page's award pop-up may open (docs/product.md): at most once per
 * browser session, however often the visitor comes back to Home, and never
 * over the cookie banner on a phone, where the banner spans the screen and a
 * modal on top would hide the choice the visitor was asked to make. There it
 * waits until the banner is answered or closed. On wider screens the banner
 * sits in a corner, clear of the centred dialog, so the spec's timing holds.
 */
import { STORAGE_KEYS } from '../config/storage-keys';

type SessionStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Phone widths: below UnoCSS's md breakpoint (uno.config.ts), where the floating dock stacks the banner full width. */
export const PHONE_MEDIA_QUERY = '(max-width: 767.98px)';

export function wasAwardShownThisSession(session: SessionStorage): boolean {
  return session.getItem(STORAGE_KEYS.awardShown) === 'true';
}

export function markAwardShown(session: SessionStorage): void {
  session.setItem(STORAGE_KEYS.awardShown, 'true');
}

interface AwardPopupSituation {
  readonly shownThisSession: boolean;
  readonly cookieBannerVisible: boolean;
  readonly phoneWidth: boolean;
}

/** True when the pop-up may open now (after the spec's delay). */
export function mayOpenAwardPopup({ shownThisSession, cookieBannerVisible, phoneWidth }: AwardPopupSituation): boolean {
  return !shownThisSession && !(cookieBannerVisible && phoneWidth);
}
