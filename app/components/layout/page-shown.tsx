import { startTransition, useEffect, useState } from 'react';
import { isPageShown, subscribePageShown } from '../../start-up/page-shown';

/**
 * Whether the page is on screen (the loading screen has completed). False on
 * the server and while React hydrates the prerendered HTML, so the first
 * client render matches that HTML exactly; true right after. Client-only UI
 * (browser storage, Radix portals, Swiper) renders behind it.
 *
 * The switch is a transition, so React renders what it brings in small slices
 * that let the browser in between (a store read with useSyncExternalStore
 * would re-render it all at once, in one long task, right after hydration).
 */
export function usePageShown(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const update = () => startTransition(() => setShown(isPageShown()));
    update();
    return subscribePageShown(update);
  }, []);
  return shown;
}
