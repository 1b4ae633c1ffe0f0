import { clientLazy } from './client-lazy';

/** The home page's award pop-up; its code (Radix Dialog) is fetched once the page is on screen. */
export const AwardPopupSlot = clientLazy(async () => ({ default: (await import('./award-popup')).AwardPopup }));
