import { SW_MESSAGES } from '../contract/outbox';
import { replayOutbox } from './outbox';

declare const self: ServiceWorkerGlobalScope;

async function tellPages(): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: SW_MESSAGES.outboxChanged });
}

/**
 * Delivers the outbox on a Background Sync event. Pages are told about whatever
 * was settled, even when a later entry must wait; the rejection then makes the
 * browser retry the sync later.
 */
export async function deliverOutbox(): Promise<void> {
  try {
    await replayOutbox();
  } finally {
    await tellPages();
  }
}
