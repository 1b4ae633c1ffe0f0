import { atom } from 'jotai';

/** What the page shows of an enquiry waiting in the offline outbox: enough to send it another way. */
export interface WaitingEnquiry {
  readonly idempotencyKey: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly message: string;
  /** ms since the epoch: when the visitor sent it. */
  readonly queuedAt: number;
}

/**
 * Who delivers the outbox: the browser's Background Sync, even with every
 * page of the site closed, or only a page of the site while one is open
 * (no Background Sync, as in Safari and Firefox, or the browser refused it).
 * Unknown until the page has asked the browser.
 */
export type OutboxCourier = 'background-sync' | 'open-page' | 'unknown';

const waitingAtom = atom<readonly WaitingEnquiry[]>([]);
const courierAtom = atom<OutboxCourier>('unknown');

/** The enquiries waiting in the offline outbox, oldest first, as last read by this page. */
export const outboxWaitingAtom = atom((get) => get(waitingAtom));

/** How many enquiries wait in the offline outbox, as last read by this page. */
export const outboxWaitingCountAtom = atom((get) => get(waitingAtom).length);

export const outboxCourierAtom = atom((get) => get(courierAtom));

/** Set by the outbox bridge each time it reads the queue. */
export const setOutboxWaitingAtom = atom(null, (_get, set, waiting: readonly WaitingEnquiry[]) => set(waitingAtom, waiting));

/** Set by the outbox bridge each time it asks the browser for Background Sync. */
export const setOutboxCourierAtom = atom(null, (_get, set, courier: OutboxCourier) => set(courierAtom, courier));
