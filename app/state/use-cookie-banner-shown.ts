import { useSyncExternalStore } from 'react';
import { isCookieBannerShown, subscribeCookieBanner } from './cookie-banner';

/**
 * Whether the cookie banner is on screen (state/cookie-banner.ts), on the
 * client only. An external store rather than state read once: an answer
 * given between a render and its commit makes React render again before
 * showing anything.
 */
export function useCookieBannerShown(): boolean {
  return useSyncExternalStore(subscribeCookieBanner, isCookieBannerShown);
}
