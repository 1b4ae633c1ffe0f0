import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { splitLocalePath } from '../contract/locales';
import { parseRoutePath, ROUTE_PATHS } from '../contract/routes';
import { App } from './app';
import { removePrerenderedPageMeta } from './components/layout/page-meta';
import { NAV_ROUTES } from './content/navigation';
import { activateLocale } from './i18n/active-locale';
import { isNavLinkActive } from './lib/active-link';
import { loadPage, pageKeyOf } from './page-modules';

/**
 * Work the page does not need to appear: the service worker, and the offline
 * outbox (with the schema it validates with). It starts once the app has
 * taken over the page, so its downloads do not compete with the page's own.
 */
function startBackgroundWork() {
  void import('./lib/sw-bridge').then((bridge) => bridge.startServiceWorker());
  void import('./lib/outbox-bridge').then((outbox) => outbox.startOutboxDelivery());
}

/**
 * True when the app's first render at `pathname` gives exactly the HTML that
 * was prerendered at `prerenderedPath`, so it can be hydrated: the same page
 * in the same language. The 404 page is one file per language for every
 * unknown path, but a path below a route (/services/x) marks that route's
 * link active, which the file does not: that one is rendered afresh instead.
 */
function matchesPrerender(pathname: string, prerenderedPath: string | undefined): boolean {
  if (prerenderedPath === undefined) return false;
  const pageAt = (path: string) => ({ ...splitLocalePath(path), page: pageKeyOf(path) });
  const [opened, prerendered] = [pageAt(pathname), pageAt(prerenderedPath)];
  if (opened.locale !== prerendered.locale || opened.page !== prerendered.page) return false;
  if (opened.page !== 'notFound') return true;
  return NAV_ROUTES.every(
    (route) => isNavLinkActive(ROUTE_PATHS[route], opened.path) === isNavLinkActive(ROUTE_PATHS[route], prerendered.path),
  );
}

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App onMounted={startBackgroundWork} />
    </BrowserRouter>
  </StrictMode>
);

const { pathname } = window.location;
// The page's module and copy (already on their way from the start-up script) and the site's copy, before the first render.
await Promise.all([loadPage(pathname), activateLocale(parseRoutePath(pathname).locale)]);
// The build prerenders each page into its HTML and names the path on #root (data-prerendered).
if (matchesPrerender(pathname, container.dataset.prerendered)) {
  // Hydrating in a transition lets React yield to the browser between chunks (no long task), and keep the
  // prerendered markup while the lazy page's module settles.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  removePrerenderedPageMeta();
  createRoot(container).render(app);
}
