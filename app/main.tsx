import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { parseRoutePath } from '../contract/routes';
import { App } from './app';
import { removePrerenderedPageMeta } from './components/layout/page-meta';
import { activateLocale } from './i18n/active-locale';
import { matchesPrerender, preloadPage } from './router';

/**
 * Work the page does not need to appear: the service worker, and the offline
 * outbox (with the schema it validates with). It starts once the app has
 * taken over the page, so its downloads do not compete with the page's own.
 */
function startBackgroundWork() {
  void import('./lib/sw-bridge').then((bridge) => bridge.startServiceWorker());
  void import('./lib/outbox-bridge').then((outbox) => outbox.startOutboxDelivery());
}

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App onMounted={startBackgroundWork} />
    </BrowserRouter>
  </StrictMode>
);

// The build prerenders each page into its HTML and names the path on #root (data-prerendered).
await Promise.all([preloadPage(window.location.pathname), activateLocale(parseRoutePath(window.location.pathname).locale)]);
if (matchesPrerender(window.location.pathname, container.dataset.prerendered)) {
  // Hydrating in a transition lets React yield to the browser between chunks (no long task).
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  removePrerenderedPageMeta();
  createRoot(container).render(app);
}
