import { solveContactChallenge } from '../contract/challenge-solver';
import { SW_MESSAGES } from '../contract/outbox';
import { replayOutbox } from './outbox';

declare const self: ServiceWorkerGlobalScope;

async function tellPages(): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: SW_MESSAGES.outboxChanged });
}

/**
 * Delivers the outbox on a Background Sync event. The browser fires it when it
 * believes the network is back, and spaces its own retries, so every entry is
 * tried whatever its back-off. Pages are told about whatever was settled; when
 * something must wait, the event fails so that the browser tries again later
 * (and the pages' own triggers go on trying if it gives up).
 */
export async function deliverOutbox(): Promise<void> {
  try {
    const { remaining } = await replayOutbox({ ignoreBackoff: true, solve: solveContactChallenge });
    if (remaining > 0) throw new Error(`${remaining} enquiries must wait for a later sync`);
  } finally {
    await tellPages();
  }
}
