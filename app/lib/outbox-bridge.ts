/**
 * The page's side of the offline outbox (sw/outbox.ts owns the queue): queue a
 * submission that could not be delivered, have it delivered, and show each
 * result to the visitor exactly as an online submission's.
 *
 * Background Sync is a bonus, never the only way out: it is missing in Safari
 * and Firefox, can be refused (a blocked permission, an enterprise policy) and
 * gives up after a few tries. So in every browser the page itself delivers
 * when the network comes back, when it becomes visible, when the site opens,
 * and on a timer that follows the entries' back-off while it stays open. Web
 * Locks in the outbox keep the page and the worker from sending anything twice.
 *
 * What the visitor is told follows who delivers: where Background Sync has
 * the queue, it goes by itself once the network is back, even with the tab
 * closed; without it, it goes only while a page of the site is open and
 * online (and Safari deletes a site's storage after 7 days without a visit),
 * so the page says so and offers the firm's e-mail and WhatsApp beside it.
 */
import { type ContactSubmission, describeContactIssue } from '../../contract/contact';
import { OUTBOX } from '../../contract/outbox';
import { enqueue, queuedEntries, replayOutbox, takeResults } from '../../sw/outbox';
import { activeLocale, loadMessages } from '../i18n/active-locale';
import { type OutboxCourier, setOutboxCourierAtom, setOutboxWaitingAtom } from '../state/outbox-atoms';
import { solveLazily } from './lazy-challenge-solver';
import { appStore } from '../state/store';
import { notifyContactFailed, notifyContactSent } from './contact-notices';
import { notify } from './notify';

/** Once Background Sync has the queue, the page looks again this much later, in case the sync never comes. */
const SYNC_FALLBACK_DELAY_MS = 10_000;
/** The page's timer never fires sooner than this, so an entry due "now" cannot make it spin. */
const MIN_RETRY_DELAY_MS = 1_000;

let retryTimer: ReturnType<typeof setTimeout> | undefined;

async function refreshWaiting(): Promise<void> {
  const waiting = (await queuedEntries()).map(({ idempotencyKey, queuedAt, submission: { firstName, lastName, message } }) => ({
    idempotencyKey,
    firstName,
    lastName,
    message,
    queuedAt,
  }));
  appStore.set(setOutboxWaitingAtom, waiting);
}

/** Shows the results the outbox has recorded (each is taken once, whichever tab takes it), and how many still wait. */
export async function showOutboxResults(): Promise<void> {
  const results = await takeResults();
  const t = results.length > 0 ? await loadMessages(activeLocale().locale) : undefined;
  for (const result of results) {
    if (result.kind === 'delivered') notifyContactSent(result.message);
    else notifyContactFailed(result.issue ? describeContactIssue(result.issue, t!) : result.message);
  }
  await refreshWaiting();
}

/** Runs the page's next delivery at `at` (ms since the epoch); one timer per page, the latest call wins. */
function scheduleDelivery(at: number | null): void {
  clearTimeout(retryTimer);
  if (at === null) return;
  retryTimer = setTimeout(() => void deliverFromPage(), Math.max(at - Date.now(), MIN_RETRY_DELAY_MS));
}

/** Delivers what is due from the page, shows the results and plans the next try. Offline, the 'online' event calls again. */
async function deliverFromPage({ ignoreBackoff = false } = {}): Promise<void> {
  if (!navigator.onLine) return;
  try {
    scheduleDelivery((await replayOutbox({ ignoreBackoff, solve: solveLazily })).nextRetryAt);
  } finally {
    await showOutboxResults();
  }
}

/** Hands the queue to Background Sync; false where the browser has none, or refuses it. */
async function registerSync(): Promise<boolean> {
  try {
    // getRegistration, not `ready`: `ready` never settles on a page without a worker (the dev server).
    const registration = await navigator.serviceWorker?.getRegistration();
    if (!registration || !('sync' in registration)) return false;
    await registration.sync.register(OUTBOX.syncTag);
    return true;
  } catch {
    // NotAllowedError (permission blocked) or InvalidStateError (the worker is not active yet).
    return false;
  }
}

/** Hands the queue to Background Sync if the browser takes it, and records for the page who delivers. */
async function chooseCourier(): Promise<OutboxCourier> {
  const courier = (await registerSync()) ? 'background-sync' : 'open-page';
  appStore.set(setOutboxCourierAtom, courier);
  return courier;
}

/** Has the queue delivered: by Background Sync with the page as a backstop, or by the page at once. */
async function deliverBy(courier: OutboxCourier): Promise<void> {
  if (courier === 'background-sync') scheduleDelivery(Date.now() + SYNC_FALLBACK_DELAY_MS);
  else await deliverFromPage();
}

/**
 * Asks the browser to keep the site's storage (the queue) rather than evict it
 * when space runs low. Asked before the queue is written, but never waited on:
 * Firefox may put the question to the visitor, who may never answer. A
 * refusal changes nothing else.
 */
function requestPersistentStorage(): void {
  try {
    void navigator.storage?.persist?.().catch(() => false);
  } catch {
    // A browser that throws instead of refusing must not cost the visitor the queue.
  }
}

/**
 * Keeps a submission for later delivery and tells the visitor so. Returns false
 * when the browser cannot store it (e.g. storage disabled): the caller then
 * keeps the form as it is and reports the failure instead.
 */
export async function queueSubmission(submission: ContactSubmission, idempotencyKey: string): Promise<boolean> {
  requestPersistentStorage();
  try {
    await enqueue({ idempotencyKey, submission, queuedAt: Date.now() });
  } catch {
    return false;
  }
  const courier = await chooseCourier();
  const t = await loadMessages(activeLocale().locale);
  notify({
    title: t('notice.offline.title'),
    description: t(courier === 'background-sync' ? 'notice.offline.description' : 'notice.offline.openPage'),
  });
  await refreshWaiting();
  void deliverBy(courier);
  return true;
}

/** At start: the page's triggers, the results kept while no page was open, and delivery of what is still queued. */
export function startOutboxDelivery(): void {
  // Back online: earlier failures were most likely the network's, so every entry is tried at once.
  window.addEventListener('online', () => void deliverFromPage({ ignoreBackoff: true }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void deliverFromPage();
  });
  void showOutboxResults().then(async () => {
    if ((await queuedEntries()).length > 0) await deliverBy(await chooseCourier());
  });
}
