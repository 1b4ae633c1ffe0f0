import { Outlet } from 'react-router-dom';
import { activeLocale } from '../../i18n/active-locale';
import { MAIN_CONTENT_ID } from '../../lib/main-content';
import { PRERENDERED_COOKIE_BANNER_CLASS } from '../../start-up/prerendered-cookie-banner';
import { clientLazy } from './client-lazy';
import { CookieBannerCard } from './cookie-banner-card';
import { FloatingDockFrame } from './floating-dock-frame';
import { Footer } from './footer';
import { Header } from './header';

const FloatingDock = clientLazy(() => import('./floating-dock'));

/**
 * The floating elements render on the client only: they depend on browser
 * storage, which the prerendered HTML cannot know. They are fixed to the
 * viewport, so their arrival shifts nothing. Until they have loaded, the page
 * carries the cookie banner as plain markup, hidden unless the start-up
 * script finds no choice stored (start-up/prerendered-cookie-banner.ts): it
 * then paints with the page rather than a moment later, when it would be the
 * largest paint of a page whose heading is short, and its buttons already work.
 */
const PRERENDERED_FLOATING_DOCK = (
  <FloatingDockFrame>
    <div className={PRERENDERED_COOKIE_BANNER_CLASS}>
      <CookieBannerCard />
    </div>
  </FloatingDockFrame>
);

export function SiteLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only focus:(not-sr-only fixed left-4 top-4 z-[200] rounded-lg bg-paper px-4 py-2 text-ink shadow-lg)"
      >
        {activeLocale().site.skipLink}
      </a>
      <Header />
      {/* Scrolled to by the skip link: its top lands below the sticky header, not under it. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 scroll-mt-18 outline-none">
        <Outlet />
      </main>
      <Footer />
      <FloatingDock fallback={PRERENDERED_FLOATING_DOCK} />
    </div>
  );
}
