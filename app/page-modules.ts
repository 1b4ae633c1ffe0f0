import type { ComponentType } from 'react';
import { parseRoutePath, type RouteKey, ROUTE_PATHS, type RoutePath } from '../contract/routes';
import { loadMessages } from './i18n/active-locale';
import { loadPageCopy } from './i18n/page-copy';

export type PageKey = RouteKey | 'notFound';

/**
 * Each page's module, loaded on demand. Kept apart from the router (and from
 * React) so the start-up script can fetch the opened page's module and copy
 * alongside the app, instead of after it.
 */
const PAGE_COMPONENTS: Record<PageKey, () => Promise<ComponentType>> = {
  home: async () => (await import('./routes/home')).HomePage,
  about: async () => (await import('./routes/about')).AboutPage,
  services: async () => (await import('./routes/services')).ServicesPage,
  portfolio: async () => (await import('./routes/portfolio')).PortfolioPage,
  contact: async () => (await import('./routes/contact')).ContactPage,
  privacy: async () => (await import('./routes/privacy')).PrivacyPage,
  terms: async () => (await import('./routes/terms')).TermsPage,
  verify: async () => (await import('./routes/verify')).VerifyPage,
  notFound: async () => (await import('./routes/not-found')).NotFoundPage,
};

const ROUTE_KEYS = Object.fromEntries(Object.entries(ROUTE_PATHS).map(([key, path]) => [path, key])) as Record<RoutePath, RouteKey>;

/** The page at `pathname`, in any language: the 404 page for an unknown path. */
export function pageKeyOf(pathname: string): PageKey {
  const { route } = parseRoutePath(pathname);
  return route === undefined ? 'notFound' : ROUTE_KEYS[route];
}

/** Loads the module of the page at `pathname` and its copy in the path's language. */
export async function loadPage(pathname: string): Promise<ComponentType> {
  const { locale } = parseRoutePath(pathname);
  const key = pageKeyOf(pathname);
  const [Page] = await Promise.all([
    PAGE_COMPONENTS[key](),
    key === 'notFound' ? undefined : loadPageCopy(locale, key),
    // The contact form and /verify's form speak the messages they share with the service.
    key === 'contact' || key === 'verify' ? loadMessages(locale) : undefined,
  ]);
  return Page;
}
