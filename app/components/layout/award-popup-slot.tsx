import { clientLazy } from './client-lazy';

/**
 * The home page's award pop-up, mounted once the page is on screen: its 500 ms
 * delay counts from there, not from the hidden hydration, and its code (Radix
 * Dialog) is fetched only then.
 */
export const AwardPopupSlot = clientLazy(async () => ({ default: (await import('./award-popup')).AwardPopup }));
