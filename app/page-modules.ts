import type { ComponentType } from 'react';
import { normaliseRoutePath, ROUTE_PATHS, type RoutePath } from '../contract/routes';

type PageLoader = () => Promise<ComponentType>;

/**
 * Each page's module, loaded on demand. Kept apart from the router (and from
 * React) so the start-up script can fetch the opened page's module alongside
 * the app, instead of after it.
 */
export const PAGE_LOADERS = {
  [ROUTE_PATHS.home]: async () => (await import('./routes/home')).HomePage,
  [ROUTE_PATHS.about]: async () => (await import('./routes/about')).AboutPage,
  [ROUTE_PATHS.services]: async () => (await import('./routes/services')).ServicesPage,
  [ROUTE_PATHS.portfolio]: async () => (await import('./routes/portfolio')).PortfolioPage,
  [ROUTE_PATHS.contact]: async () => (await import('./routes/contact')).ContactPage,
  [ROUTE_PATHS.privacy]: async () => (await import('./routes/privacy')).PrivacyPage,
  [ROUTE_PATHS.terms]: async () => (await import('./routes/terms')).TermsPage,
} as const satisfies Record<RoutePath, PageLoader>;

export const loadNotFoundPage: PageLoader = async () => (await import('./routes/not-found')).NotFoundPage;

/** The loader of the page at `pathname`: the 404 page's for an unknown path. */
export function pageLoaderFor(pathname: string): PageLoader {
  return (PAGE_LOADERS as Record<string, PageLoader | undefined>)[normaliseRoutePath(pathname)] ?? loadNotFoundPage;
}
