import { useSyncExternalStore } from 'react';
import { isPageShown, subscribePageShown } from '../../start-up/page-shown';

const notShown = () => false;

/**
 * Whether the page is on screen (the loading screen has completed). False on
 * the server and while React hydrates the prerendered HTML, so the first
 * client render matches that HTML exactly; true right after. Client-only UI
 * (browser storage, Radix portals, Swiper) renders behind it.
 */
export function usePageShown(): boolean {
  return useSyncExternalStore(subscribePageShown, isPageShown, notShown);
}
