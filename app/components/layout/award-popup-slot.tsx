import { lazy, Suspense, useEffect } from 'react';
import { useHydrated, usePageShown } from './page-shown';

const loadAwardPopup = () => import('./award-popup').then((module) => ({ default: module.AwardPopup }));
const AwardPopup = lazy(loadAwardPopup);

/**
 * The home page's award pop-up, mounted once the page is on screen (its 500 ms
 * delay counts from there, not from the hidden hydration). Its code (Radix
 * Dialog) is fetched while the loading screen runs.
 */
export function AwardPopupSlot() {
  const hydrated = useHydrated();
  const shown = usePageShown();
  useEffect(() => {
    void loadAwardPopup();
  }, []);
  if (!hydrated || !shown) return null;
  return (
    <Suspense fallback={null}>
      <AwardPopup />
    </Suspense>
  );
}
