import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { normaliseRoutePath, ROUTE_PATHS, type RoutePath } from '../contract/routes';
import { SiteLayout } from './components/layout/site-layout';
import { NAV_LINKS } from './content/navigation';
import { isNavLinkActive } from './lib/active-link';
import { loadNotFoundPage, PAGE_LOADERS } from './page-modules';

interface LazyPage {
  readonly Page: ComponentType;
  /** Loads the page's module; once it has resolved, the page renders without suspending. */
  readonly preload: () => Promise<void>;
}

/**
 * A page in its own module. The page that is being opened (or prerendered) is
 * preloaded before the first render, so hydration finds it ready; the others
 * load on navigation.
 */
function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  const preload = async () => {
    loaded ??= await load();
  };
  // A thenable that answers at once when the module is already here: React.lazy then renders without suspending.
  const Page = lazy(() =>
    loaded
      ? ({ then: (resolve: (module: { default: ComponentType }) => void) => resolve({ default: loaded! }) } as Promise<{ default: ComponentType }>)
      : load().then((Component) => ({ default: Component })),
  ) as unknown as ComponentType;
  return { Page, preload };
}

const PAGES = Object.fromEntries(
  Object.entries(PAGE_LOADERS).map(([path, load]) => [path, lazyPage(load)]),
) as Record<RoutePath, LazyPage>;
const NOT_FOUND = lazyPage(loadNotFoundPage);

/** The path the 404 page is prerendered at (dist/404.html); any unknown path would do. */
export const NOT_FOUND_PRERENDER_PATH = '/404';

function pageFor(pathname: string): LazyPage {
  return (PAGES as Record<string, LazyPage | undefined>)[normaliseRoutePath(pathname)] ?? NOT_FOUND;
}

/** Loads the module of the page at `pathname` (the 404 page for an unknown path). */
export function preloadPage(pathname: string): Promise<void> {
  return pageFor(pathname).preload();
}

/**
 * True when the app's first render at `pathname` gives exactly the HTML that
 * was prerendered at `prerenderedPath`, so it can be hydrated. The 404 page is
 * one file for every unknown path, but a path below a route (/services/x)
 * marks that route's link active, which the file does not: that one is
 * rendered afresh instead.
 */
export function matchesPrerender(pathname: string, prerenderedPath: string | undefined): boolean {
  if (prerenderedPath === undefined) return false;
  const page = pageFor(pathname);
  if (page !== pageFor(prerenderedPath)) return false;
  if (page !== NOT_FOUND) return true;
  return NAV_LINKS.every((link) => isNavLinkActive(link.to, pathname) === isNavLinkActive(link.to, prerenderedPath));
}

function page({ Page }: LazyPage) {
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}

/** The route table; each page is its own lazily loaded module. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route index element={page(PAGES[ROUTE_PATHS.home])} />
        <Route path={ROUTE_PATHS.about} element={page(PAGES[ROUTE_PATHS.about])} />
        <Route path={ROUTE_PATHS.services} element={page(PAGES[ROUTE_PATHS.services])} />
        <Route path={ROUTE_PATHS.portfolio} element={page(PAGES[ROUTE_PATHS.portfolio])} />
        <Route path={ROUTE_PATHS.contact} element={page(PAGES[ROUTE_PATHS.contact])} />
        <Route path="*" element={page(NOT_FOUND)} />
      </Route>
    </Routes>
  );
}
