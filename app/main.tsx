import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import '@unocss/reset/tailwind.css';
import 'virtual:uno.css';
import { App } from './app';
import { matchesPrerender, preloadPage } from './router';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// The build prerenders each page into its HTML and names the path on #root (data-prerendered).
await preloadPage(window.location.pathname);
if (matchesPrerender(window.location.pathname, container.dataset.prerendered)) {
  // Hydrating in a transition lets React yield to the browser between chunks (no long task).
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}

// Neither the worker nor the outbox (nor the schema it validates with) is needed for the first paint.
void import('./lib/sw-bridge').then((bridge) => bridge.startServiceWorker());
void import('./lib/outbox-bridge').then((outbox) => outbox.startOutboxDelivery());
