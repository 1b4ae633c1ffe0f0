import { clientLazy } from './client-lazy';

const MobileDrawerIsland = clientLazy(() => import('./mobile-drawer-island'));

/**
 * The menu button and its drawer. Until the drawer's code has loaded (right
 * after hydration, while the loading screen still runs) a button of the same
 * look holds its place, so the header does not move.
 */
export function MobileDrawerSlot() {
  return (
    <MobileDrawerIsland
      fallback={
        <button type="button" className="icon-btn text-paper hover:bg-paper/10 lg:hidden" aria-label="Open menu">
          <span aria-hidden="true" className="i-lucide-menu text-2xl" />
        </button>
      }
    />
  );
}
