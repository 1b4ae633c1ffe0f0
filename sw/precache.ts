import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { RouteHandlerCallback } from 'workbox-core';
import { LOCALISED_ROUTE_PATHS, normaliseRoutePath, notFoundPageFile, routePageFile } from '../contract/routes';

declare const self: ServiceWorkerGlobalScope;

/** The 404 page with the status the server gives it. */
function withNotFoundStatus(handler: RouteHandlerCallback): RouteHandlerCallback {
  return async (options) => {
    const response = await handler(options);
    return new Response(response.body, { status: 404, statusText: 'Not Found', headers: response.headers });
  };
}

/**
 * Precache the whole built site (the manifest is injected at build) and answer
 * page navigations from it: each route, in each language, with its own
 * prerendered page, any other path with the 404 page of its language, so all
 * of them render offline. API paths are never answered with a page, and
 * the staff inbox (/inbox, never precached) always comes from the network.
 */
export function precacheSite(): void {
  precacheAndRoute(self.__WB_MANIFEST);
  cleanupOutdatedCaches();
  const pages = new Map(
    LOCALISED_ROUTE_PATHS.map((route) => [normaliseRoutePath(route), createHandlerBoundToURL(`/${routePageFile(route)}`)]),
  );
  const notFound = (pathname: string) => withNotFoundStatus(createHandlerBoundToURL(`/${notFoundPageFile(pathname)}`));
  registerRoute(
    new NavigationRoute(
      (options) => {
        const pathname = normaliseRoutePath(options.url.pathname);
        return (pages.get(pathname) ?? notFound(pathname))(options);
      },
      {
        denylist: [/^\/api\//, /^\/inbox(\.html)?([/?]|$)/],
      },
    ),
  );
}
