import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@unocss/reset/tailwind.css';
import 'virtual:uno.css';
import { App } from './app';
import { startServiceWorker } from './lib/sw-bridge';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

startServiceWorker();
// The outbox (and the schema it validates with) is not needed for the first paint.
void import('./lib/outbox-bridge').then((outbox) => outbox.startOutboxDelivery());
