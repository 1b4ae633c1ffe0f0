import { Outlet } from 'react-router-dom';
import { activeLocale } from '../../i18n/active-locale';
import { MAIN_CONTENT_ID } from '../../lib/main-content';
import { FloatingDockSlot } from './floating-dock-slot';
import { Footer } from './footer';
import { Header } from './header';

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
      <FloatingDockSlot />
    </div>
  );
}
