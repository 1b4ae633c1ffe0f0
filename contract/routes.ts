import { DEFAULT_LOCALE, LOCALE_CODES, type Locale, localisedPath, splitLocalePath } from './locales';

/**
 * The spec's route table (docs/product.md) as paths only, plus the legal pages
 * and the page on recognising the real firm: the page's router, the service
 * (which paths are the app, which are 404), the precache and the sitemap all
 * read it.
 */
export const ROUTE_PATHS = {
  home: '/',
  about: '/about',
  services: '/services',
  portfolio: '/portfolio',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  verify: '/verify',
} as const;

export type RouteKey = keyof typeof ROUTE_PATHS;
export type RoutePath = (typeof ROUTE_PATHS)[RouteKey];

export const APP_ROUTE_PATHS: readonly RoutePath[] = Object.values(ROUTE_PATHS);

/**
 * A path without its trailing slashes (but `/` stays `/`): /about/ names the same screen as /about.
 * A loop, not /\/+$/: that regex retries from every slash of an inner run, quadratic in the path.
 */
export function normaliseRoutePath(pathname: string): string {
  if (pathname.length <= 1) return pathname;
  let end = pathname.length;
  while (end > 0 && pathname[end - 1] === '/') end -= 1;
  return pathname.slice(0, end);
}

/** Every page of the site in every language, at its canonical path: /, /about, /ms/, /ms/about, /zh/, … */
export const LOCALISED_ROUTE_PATHS: readonly string[] = LOCALE_CODES.flatMap((locale) =>
  APP_ROUTE_PATHS.map((path) => localisedPath(locale, path)),
);

/**
 * A path split into its language and the route it names in the default
 * language's table (/ms/about/ → ms, /about); `route` is undefined for a path
 * the app has no screen for.
 */
export function parseRoutePath(pathname: string): { locale: Locale; route: RoutePath | undefined } {
  const { locale, path } = splitLocalePath(normaliseRoutePath(pathname));
  const route = normaliseRoutePath(path);
  return { locale, route: (APP_ROUTE_PATHS as readonly string[]).includes(route) ? (route as RoutePath) : undefined };
}

/** True for a path the app has a screen for, in any language; a trailing slash is tolerated. */
export function isAppRoute(pathname: string): boolean {
  return parseRoutePath(pathname).route !== undefined;
}

/** The path each language's 404 page is prerendered at; any unknown path would do. */
export function notFoundPath(locale: Locale): string {
  return localisedPath(locale, '/404');
}

/** Where the built site keeps the 404 page of the language `pathname` is in: 404.html, ms/404.html. */
export function notFoundPageFile(pathname: string): string {
  const { locale } = splitLocalePath(normaliseRoutePath(pathname));
  return locale === DEFAULT_LOCALE ? '404.html' : `${locale}/404.html`;
}

/** Where the built site keeps a page: / → index.html, /about → about/index.html, /ms/ → ms/index.html. */
export function routePageFile(routePath: string): string {
  const path = normaliseRoutePath(routePath);
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}
