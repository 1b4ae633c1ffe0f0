import { useLocation } from 'react-router-dom';
import { NAV_LINKS } from '../../content/navigation';
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
  const { pathname } = useLocation();
  return (
    <ul className={className}>
      {NAV_LINKS.map((link) => {
        const active = isNavLinkActive(link.to, pathname);
        return (
          <li key={link.to}>
            <AppLink
              to={link.to}
              aria-current={active ? 'page' : undefined}
              className={linkClassName}
              onClick={onNavigate}
            >
              {link.label}
            </AppLink>
          </li>
        );
      })}
    </ul>
  );
}
