import { useLocation } from 'react-router-dom';
import { splitLocalePath } from '../../../contract/locales';
import { ROUTE_PATHS } from '../../../contract/routes';
import { NAV_ROUTES } from '../../content/navigation';
import { activeLocale } from '../../i18n/active-locale';
import { isNavLinkActive } from '../../lib/active-link';
import { AppLink } from './app-link';

interface NavItemsProps {
  readonly className: string;
  readonly linkClassName: string;
  /** Called after a link is chosen (the drawer closes itself with it). */
  readonly onNavigate?: () => void;
}

/** The five top-bar links, the active one marked with aria-current="page". */
export function NavItems({ className, linkClassName, onNavigate }: NavItemsProps) {
  const { path } = splitLocalePath(useLocation().pathname);
  const { nav } = activeLocale().site;
  return (
    <ul className={className}>
      {NAV_ROUTES.map((route) => {
        const to = ROUTE_PATHS[route];
        const active = isNavLinkActive(to, path);
        return (
          <li key={route}>
            <AppLink to={to} aria-current={active ? 'page' : undefined} className={linkClassName} onClick={onNavigate}>
              {nav[route]}
            </AppLink>
          </li>
        );
      })}
    </ul>
  );
}
