import { PRERENDERED_COOKIE_BANNER_CLASS } from '../../start-up/prerendered-cookie-banner';
import { clientLazy } from './client-lazy';
import { CookieBannerCard } from './cookie-banner-card';
import { FloatingDockFrame } from './floating-dock-frame';

const FloatingDockIsland = clientLazy(() => import('./floating-dock-island'));

/**
 * The floating elements render on the client only: they depend on browser
 * storage, which the prerendered HTML cannot know. They are fixed to the
 * viewport, so their arrival shifts nothing.
 *
 * Until they have loaded, the page carries the cookie banner as plain markup,
 * hidden unless the start-up script finds no choice stored: the banner then
 * paints with the page rather than a moment later, when it would be the
 * page's largest paint on a page whose heading is short (against the mobile
 * Lighthouse target of docs/web-performance.md), and its buttons already work.
 */
export function FloatingDockSlot() {
  return (
    <FloatingDockIsland
      fallback={
        <FloatingDockFrame>
          <div className={PRERENDERED_COOKIE_BANNER_CLASS}>
            <CookieBannerCard />
          </div>
        </FloatingDockFrame>
      }
    />
  );
}
