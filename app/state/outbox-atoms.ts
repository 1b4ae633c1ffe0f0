import { atom } from 'jotai';

const waitingCountAtom = atom(0);

/** How many enquiries wait in the offline outbox, as last read by this page. */
export const outboxWaitingCountAtom = atom((get) => get(waitingCountAtom));

/** Set by the outbox bridge each time it reads the queue. */
export const setOutboxWaitingCountAtom = atom(null, (_get, set, count: number) => set(waitingCountAtom, count));
