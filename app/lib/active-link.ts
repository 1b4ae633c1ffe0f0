import { ROUTE_PATHS } from '../../contract/routes';

/**
 * The spec's active-link rule: Home is active only on exactly '/', every other
 * link on a path-prefix match (its own path or anything below it).
 */
export function isNavLinkActive(linkPath: string, pathname: string): boolean {
  if (linkPath === ROUTE_PATHS.home) return pathname === ROUTE_PATHS.home;
  return pathname === linkPath || pathname.startsWith(`${linkPath}/`);
}
