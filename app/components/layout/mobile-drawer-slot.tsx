import { useState } from 'react';
import { activeLocale } from '../../i18n/active-locale';
import { clientLazy } from './client-lazy';

const MobileDrawerIsland = clientLazy(() => import('./mobile-drawer-island'));

/**
 * The menu button and its drawer. Until the drawer's code has loaded (it is
 * fetched when the page appears) a button of the same look holds its place, so
 * the header does not move; pressing it opens the drawer as soon as it is here.
 */
export function MobileDrawerSlot() {
  const [openRequested, setOpenRequested] = useState(false);
  return (
    <MobileDrawerIsland
      openOnMount={openRequested}
      fallback={
        <button
          type="button"
          className="icon-btn text-paper hover:bg-paper/10 xl:hidden"
          aria-label={activeLocale().site.menu.open}
          aria-haspopup="dialog"
          aria-expanded="false"
          onClick={() => setOpenRequested(true)}
        >
          <span aria-hidden="true" className="i-lucide-menu text-2xl" />
        </button>
      }
    />
  );
}
