import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { localisedPath, splitLocalePath } from '../contract/locales';
import { APP_ROUTE_PATHS, notFoundPath, parseRoutePath, ROUTE_PATHS } from '../contract/routes';
import { SiteLayout } from './components/layout/site-layout';
import { NAV_ROUTES } from './content/navigation';
import { activeLocale } from './i18n/active-locale';
import { isNavLinkActive } from './lib/active-link';
import { loadPage, pageKeyOf } from './page-modules';

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

/** One lazy page per page and language, so a path and the route rendering it share the same module state. */
const LAZY_PAGES = new Map<string, LazyPage>();

function pageFor(pathname: string): LazyPage {
  const key = `${parseRoutePath(pathname).locale}:${pageKeyOf(pathname)}`;
  let page = LAZY_PAGES.get(key);
  if (!page) {
    page = lazyPage(() => loadPage(pathname));
    LAZY_PAGES.set(key, page);
  }
  return page;
}

/** Loads the module and copy of the page at `pathname` (the 404 page for an unknown path). */
export function preloadPage(pathname: string): Promise<void> {
  return pageFor(pathname).preload();
}

/**
 * True when the app's first render at `pathname` gives exactly the HTML that
 * was prerendered at `prerenderedPath`, so it can be hydrated. The 404 page is
 * one file per language for every unknown path, but a path below a route
 * (/services/x) marks that route's link active, which the file does not: that
 * one is rendered afresh instead.
 */
export function matchesPrerender(pathname: string, prerenderedPath: string | undefined): boolean {
  if (prerenderedPath === undefined) return false;
  const page = pageFor(pathname);
  if (page !== pageFor(prerenderedPath)) return false;
  if (pageKeyOf(pathname) !== 'notFound') return true;
  const [opened, prerendered] = [pathname, prerenderedPath].map((path) => splitLocalePath(path).path);
  return NAV_ROUTES.every(
    (route) => isNavLinkActive(ROUTE_PATHS[route], opened!) === isNavLinkActive(ROUTE_PATHS[route], prerendered!),
  );
}

function page({ Page }: LazyPage) {
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}

/**
 * The route table of the page's language (/ms/… for Malay); each page is its
 * own lazily loaded module. Case-sensitive, as the service is: /ABOUT is
 * answered 404 with the 404 file, and shows the 404 page.
 */
export function AppRoutes() {
  const { locale } = activeLocale();
  return (
    <Routes>
      <Route path={localisedPath(locale, '/')} caseSensitive element={<SiteLayout />}>
        {APP_ROUTE_PATHS.map((path) =>
          path === ROUTE_PATHS.home ? (
            <Route key={path} index element={page(pageFor(localisedPath(locale, path)))} />
          ) : (
            <Route key={path} path={path.slice(1)} caseSensitive element={page(pageFor(localisedPath(locale, path)))} />
          ),
        )}
        <Route path="*" element={page(pageFor(notFoundPath(locale)))} />
      </Route>
    </Routes>
  );
}
