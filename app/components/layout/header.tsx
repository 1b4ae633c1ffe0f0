import { activeLocale } from '../../i18n/active-locale';
import { BrandLogo } from './brand-logo';
import { LanguageSwitcher } from './language-switcher';
import { LoginLink } from './login-link';
import { MobileDrawerSlot } from './mobile-drawer-slot';
import { NavItems } from './nav-items';

export function Header() {
  return (
    <header className="surface-dark sticky top-0 z-50 shadow-md">
      <div className="page-container flex h-18 items-center justify-between gap-4">
        <BrandLogo className="text-paper" />
        <nav aria-label={activeLocale().site.nav.label} className="hidden lg:block">
          <NavItems
            className="m-0 flex list-none items-center gap-1 p-0"
            linkClassName="rounded-full px-4 py-2 font-medium text-paper no-underline hover:bg-paper/10 aria-[current=page]:(bg-paper/10 text-accent-light)"
          />
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitcher
            short
            // On a phone the menu and the footer carry it (full names), and the header keeps room for the logo.
            className="m-0 hidden list-none items-center p-0 md:flex"
            linkClassName="flex min-h-8 items-center rounded-full px-2 text-sm font-medium text-paper no-underline hover:bg-paper/10 aria-[current=true]:(bg-paper/10 text-accent-light)"
          />
          <LoginLink className="btn-primary hidden px-5 py-2 no-underline lg:inline-flex" />
          <MobileDrawerSlot />
        </div>
      </div>
    </header>
  );
}
