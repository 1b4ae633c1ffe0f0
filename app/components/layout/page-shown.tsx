import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * Whether the page is on screen yet: false while the loading screen runs over
 * the (hidden) prerendered page, true from its completion on. Things that must
 * start when the visitor can see the page (the award pop-up's delay, the
 * carousel's autoplay) wait for it. Outside the loading gate it reads true.
 */
export const PageShownContext = createContext(true);

export function usePageShown(): boolean {
  return useContext(PageShownContext);
}

const subscribeToNothing = () => () => {};

/**
 * False while React hydrates the prerendered HTML (and on the server), true
 * right after. Client-only UI (browser storage, Radix portals, Swiper) renders
 * behind it, so the first client render matches the HTML exactly.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
