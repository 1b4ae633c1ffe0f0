import { ROUTE_PATHS, type RoutePath } from '../../contract/routes';

export interface NavLinkItem {
  readonly to: RoutePath;
  readonly label: string;
}

/** The top bar's links, in the spec's order. */
export const NAV_LINKS: readonly NavLinkItem[] = [
  { to: ROUTE_PATHS.home, label: 'Home' },
  { to: ROUTE_PATHS.about, label: 'About Us' },
  { to: ROUTE_PATHS.services, label: 'Services' },
  { to: ROUTE_PATHS.portfolio, label: 'Track Records' },
  { to: ROUTE_PATHS.contact, label: 'Contact' },
];
