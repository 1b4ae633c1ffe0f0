import { clientsClaim } from 'workbox-core';
import { OUTBOX, SW_MESSAGES } from '../contract/outbox';
import { deliverOutbox } from './outbox-sync';
import { precacheSite } from './precache';

declare const self: ServiceWorkerGlobalScope;

precacheSite();
// The first visit is controlled at once, so it is ready offline without a reload.
clientsClaim();

self.addEventListener('message', (event) => {
  if (event.data?.type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
});

self.addEventListener('sync', (event) => {
  if (event.tag === OUTBOX.syncTag) event.waitUntil(deliverOutbox());
});
