/**
 * The spec's route table as paths only: the page's router, the service (which
 * paths are the app, which are 404) and the sitemap all read it.
 */
export const ROUTE_PATHS = {
  home: '/',
  about: '/about',
  services: '/services',
  portfolio: '/portfolio',
  contact: '/contact',
} as const;

export type RouteKey = keyof typeof ROUTE_PATHS;
export type RoutePath = (typeof ROUTE_PATHS)[RouteKey];

export const APP_ROUTE_PATHS: readonly RoutePath[] = Object.values(ROUTE_PATHS);

/** True for a path the app has a screen for; a trailing slash is tolerated. */
export function isAppRoute(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (APP_ROUTE_PATHS as readonly string[]).includes(normalised);
}
