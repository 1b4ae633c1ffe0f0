import { Outlet } from 'react-router-dom';
import { activeLocale } from '../../i18n/active-locale';
import { FloatingDockSlot } from './floating-dock-slot';
import { Footer } from './footer';
import { Header } from './header';
import { LanguageSwitcher } from './language-switcher';

/** Above the header, at every width and without JavaScript: the page in the other languages. */
function LanguageBar() {
  return (
    <div className="surface-dark border-b border-paper/10">
      <div className="page-container flex min-h-8 items-center justify-end">
        <LanguageSwitcher
          className="m-0 flex list-none items-center gap-1 p-0 text-sm"
          linkClassName="flex min-h-8 items-center rounded px-2 text-paper/85 no-underline hover:(bg-paper/10 text-paper) aria-[current=true]:text-accent-light"
        />
      </div>
    </div>
  );
}

export function SiteLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only focus:(not-sr-only fixed left-4 top-4 z-[200] rounded-lg bg-paper px-4 py-2 text-ink shadow-lg)"
      >
        {activeLocale().site.skipLink}
      </a>
      <LanguageBar />
      <Header />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
      <FloatingDockSlot />
    </div>
  );
}
