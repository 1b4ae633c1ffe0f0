import { activeLocale } from '../../i18n/active-locale';
import { MENU_STAND_IN_ATTRIBUTE } from '../../start-up/prerendered-menu-button';
import { BrandLogo } from './brand-logo';
import { clientLazy } from './client-lazy';
import { LanguageBar } from './language-bar';
import { LoginLink } from './login-link';
import { NavItems } from './nav-items';

const MobileDrawer = clientLazy(() => import('./mobile-drawer'));

/**
 * The menu button until the drawer's module has loaded (it is fetched when
 * the page appears): the same look, so the header does not move. The
 * start-up script keeps a press on it (start-up/prerendered-menu-button.ts),
 * even one before the app has loaded, and the drawer opens with it.
 */
function MenuButtonStandIn() {
  return (
    <button
      type="button"
      className="icon-btn text-paper hover:bg-paper/10 xl:hidden"
      aria-label={activeLocale().site.menu.open}
      aria-haspopup="dialog"
      aria-expanded="false"
      {...{ [MENU_STAND_IN_ATTRIBUTE]: '' }}
    >
      <span aria-hidden="true" className="i-lucide-menu text-2xl" />
    </button>
  );
}

export function Header() {
  return (
    <header className="surface-dark sticky -top-8 z-50 shadow-md">
      <LanguageBar />
      {/* The links sit in the bar from 1280 px: the Malay ones need about 1,080 px, more than a 1024 px screen leaves. */}
      <div className="page-container flex h-18 items-center justify-between gap-3">
        <BrandLogo className="text-paper" />
        <nav aria-label={activeLocale().site.nav.label} className="hidden xl:block">
          <NavItems
            className="m-0 flex list-none items-center gap-0.5 p-0"
            linkClassName="whitespace-nowrap rounded-full px-3 py-2 font-medium text-paper no-underline hover:bg-paper/10 aria-[current=page]:(bg-paper/10 text-accent-light)"
          />
        </nav>
        <div className="flex items-center gap-2">
          <LoginLink className="btn-primary hidden whitespace-nowrap px-4 py-2 no-underline xl:inline-flex" />
          <MobileDrawer fallback={<MenuButtonStandIn />} />
        </div>
      </div>
    </header>
  );
}
