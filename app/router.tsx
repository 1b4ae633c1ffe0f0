import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { localisedPath } from '../contract/locales';
import { APP_ROUTE_PATHS, notFoundPath, parseRoutePath, ROUTE_PATHS } from '../contract/routes';
import { SiteLayout } from './components/layout/site-layout';
import { activeLocale } from './i18n/active-locale';
import { loadPage, pageKeyOf } from './page-modules';

/** One lazy page per page and language, made once, so React keeps its loaded module. */
const LAZY_PAGES = new Map<string, ComponentType>();

function lazyPage(pathname: string): ComponentType {
  const key = `${parseRoutePath(pathname).locale}:${pageKeyOf(pathname)}`;
  let Page = LAZY_PAGES.get(key);
  if (!Page) {
    Page = lazy(async () => ({ default: await loadPage(pathname) }));
    LAZY_PAGES.set(key, Page);
  }
  return Page;
}

function page(pathname: string) {
  const Page = lazyPage(pathname);
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
            <Route key={path} index element={page(localisedPath(locale, path))} />
          ) : (
            <Route key={path} path={path.slice(1)} caseSensitive element={page(localisedPath(locale, path))} />
          ),
        )}
        <Route path="*" element={page(notFoundPath(locale))} />
      </Route>
    </Routes>
  );
}
