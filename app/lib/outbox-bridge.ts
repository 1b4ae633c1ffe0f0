/**
 * The page's side of the offline outbox (sw/outbox.ts owns the queue): queue a
 * submission that could not be sent, have it delivered (by Background Sync, or
 * by the page itself where the browser has none), and show each result to the
 * visitor exactly as an online submission's.
 */
import type { ContactSubmission } from '../../contract/contact';
import { OUTBOX } from '../../contract/outbox';
import { enqueue, OutboxRetryLater, queuedEntries, replayOutbox, takeResults } from '../../sw/outbox';
import { OFFLINE_NOTICE } from '../content/contact';
import { notifyContactFailed, notifyContactSent } from './contact-notices';
import { notify } from './notify';

/** Safari and Firefox have no Background Sync (and tests remove it to act like them). */
function hasBackgroundSync(): boolean {
  return Reflect.has(window, 'SyncManager') && 'serviceWorker' in navigator;
}

async function syncManager(): Promise<SyncManager | null> {
  if (!hasBackgroundSync()) return null;
  const registration = await navigator.serviceWorker.ready;
  return 'sync' in registration ? registration.sync : null;
}

/** Shows the results the outbox has recorded; each is taken once, whichever tab takes it. */
export async function showOutboxResults(): Promise<void> {
  for (const result of await takeResults()) {
    if (result.kind === 'delivered') {
      notifyContactSent(result.message);
    } else {
      notifyContactFailed(result.message);
    }
  }
}

/** Delivers the queue from the page (browsers without Background Sync), then shows the results. */
async function deliverFromPage(): Promise<void> {
  try {
    await replayOutbox();
  } catch (error) {
    if (!(error instanceof OutboxRetryLater)) throw error;
  } finally {
    await showOutboxResults();
  }
}

/** Asks for delivery: a sync registration where the browser has one, the page itself otherwise. */
async function requestDelivery(): Promise<void> {
  const sync = await syncManager().catch(() => null);
  if (sync) await sync.register(OUTBOX.syncTag);
  else if (navigator.onLine) await deliverFromPage();
}

/**
 * Keeps a submission for later delivery and tells the visitor so. Returns false
 * when the browser cannot store it (e.g. storage disabled): the caller then
 * keeps the form as it is and reports the failure instead.
 */
export async function queueSubmission(submission: ContactSubmission, idempotencyKey: string): Promise<boolean> {
  try {
    await enqueue({ idempotencyKey, submission, queuedAt: Date.now() });
  } catch {
    return false;
  }
  // Ask the browser not to evict the queue under storage pressure; refusal changes nothing else.
  await navigator.storage?.persist?.().catch(() => false);
  notify({ title: OFFLINE_NOTICE.title, description: OFFLINE_NOTICE.description });
  void requestDelivery();
  return true;
}

/** At start: show results kept while no page was open, and deliver what is still queued. */
export function startOutboxDelivery(): void {
  const deliverIfQueued = async () => {
    if ((await queuedEntries()).length > 0) await requestDelivery();
  };
  void showOutboxResults().then(deliverIfQueued);
  if (!hasBackgroundSync()) {
    window.addEventListener('online', () => void deliverFromPage());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void deliverIfQueued();
    });
  }
}
