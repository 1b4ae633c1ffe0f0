import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { APP_ROUTE_PATHS, ROUTE_PATHS } from '../contract/routes';
import { SiteLayout } from './components/layout/site-layout';
import { NAV_LINKS } from './content/navigation';
import { isNavLinkActive } from './lib/active-link';
import { loadNotFoundPage, PAGE_LOADERS, pageLoaderFor } from './page-modules';

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

/** One lazy page per module loader, so a path and the route rendering it share the same module state. */
const LAZY_PAGES = new Map([...Object.values(PAGE_LOADERS), loadNotFoundPage].map((load) => [load, lazyPage(load)]));
const NOT_FOUND = LAZY_PAGES.get(loadNotFoundPage)!;

/** The path the 404 page is prerendered at (dist/404.html); any unknown path would do. */
export const NOT_FOUND_PRERENDER_PATH = '/404';

function pageFor(pathname: string): LazyPage {
  return LAZY_PAGES.get(pageLoaderFor(pathname))!;
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
        {APP_ROUTE_PATHS.map((path) =>
          path === ROUTE_PATHS.home ? (
            <Route key={path} index element={page(pageFor(path))} />
          ) : (
            <Route key={path} path={path} element={page(pageFor(path))} />
          ),
        )}
        <Route path="*" element={page(NOT_FOUND)} />
      </Route>
    </Routes>
  );
}
