/**
 * The offline outbox's names, shared by the page and the service worker: the
 * IndexedDB names, the Background Sync tag, and the messages between worker
 * and page. Kept apart from contact.ts so that code needing only these names
 * does not pull the schema library into the first page load.
 */
export const OUTBOX = {
  databaseName: 'tw-outbox',
  storeName: 'outbox',
  /** The one record in the store: the queue and the results not yet shown. */
  stateKey: 'state',
  syncTag: 'tw-contact-outbox',
  lockName: 'tw-contact-outbox-replay',
} as const;

export const SW_MESSAGES = {
  /** Page -> worker: activate the waiting version now (the visitor accepted the reload). */
  skipWaiting: 'SKIP_WAITING',
  /** Worker -> page: the outbox delivered or rejected something; read the results. */
  outboxChanged: 'OUTBOX_CHANGED',
} as const;
