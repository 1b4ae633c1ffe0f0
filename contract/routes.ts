/**
 * The spec's route table as paths only, plus the legal pages (issue 12): the
 * page's router, the service (which paths are the app, which are 404), the
 * precache and the sitemap all read it.
 */
export const ROUTE_PATHS = {
  home: '/',
  about: '/about',
  services: '/services',
  portfolio: '/portfolio',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
} as const;

export type RouteKey = keyof typeof ROUTE_PATHS;
export type RoutePath = (typeof ROUTE_PATHS)[RouteKey];

export const APP_ROUTE_PATHS: readonly RoutePath[] = Object.values(ROUTE_PATHS);

/** A path without its trailing slashes (but `/` stays `/`): /about/ names the same screen as /about. */
export function normaliseRoutePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** True for a path the app has a screen for; a trailing slash is tolerated. */
export function isAppRoute(pathname: string): boolean {
  return (APP_ROUTE_PATHS as readonly string[]).includes(normaliseRoutePath(pathname));
}

/** Where the built site keeps a route's prerendered page: / → index.html, /about → about/index.html. */
export function routePageFile(routePath: string): string {
  const path = normaliseRoutePath(routePath);
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}
