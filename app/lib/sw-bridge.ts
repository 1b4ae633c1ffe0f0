/**
 * Everything the page says to the service worker, in one file: registration,
 * the update offer, and the worker's news about the outbox.
 */
import { Workbox } from 'workbox-window';
import { SW_MESSAGES } from '../../contract/outbox';
import { activeLocale, loadMessages } from '../i18n/active-locale';
import { notify } from './notify';

/** Offers the waiting version; it takes over only when the visitor accepts, so typed input is never lost by itself. */
async function offerUpdate(workbox: Workbox): Promise<void> {
  const t = await loadMessages(activeLocale().locale);
  notify({
    title: t('notice.update.title'),
    description: t('notice.update.description'),
    persistent: true,
    action: {
      label: t('notice.update.action'),
      altText: t('notice.update.actionAltText'),
      onSelect: () => {
        workbox.addEventListener('controlling', () => window.location.reload());
        workbox.messageSkipWaiting();
      },
    },
  });
}

/** Registers the worker (production builds only; the dev server has none). */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => void offerUpdate(workbox));
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === SW_MESSAGES.outboxChanged) {
      void import('./outbox-bridge').then((outbox) => outbox.showOutboxResults());
    }
  });
  // A browser may refuse the worker (storage blocked, some private windows): the page then sends and replays
  // its outbox by itself (app/lib/outbox-bridge.ts), so there is nothing to tell the visitor and no error to raise.
  workbox.register().catch(() => undefined);
}
