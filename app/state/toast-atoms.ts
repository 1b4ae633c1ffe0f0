import { atom } from 'jotai';
import { NOTIFICATION_REMOVE_DELAY_MS } from '../config/timings';
import { addToast, closeToast, removeToast, type ToastInput, type ToastItem } from './toast-queue';

const toastsAtom = atom<readonly ToastItem[]>([]);

export const toastListAtom = atom((get) => get(toastsAtom));

let nextToastId = 0;

/** Shows a notification, replacing the one on screen; returns its id. */
export const showToastAtom = atom(null, (_get, set, input: ToastInput): string => {
  nextToastId += 1;
  const id = String(nextToastId);
  set(toastsAtom, (toasts) => addToast(toasts, { ...input, id, open: true }));
  return id;
});

/** Closes a notification; it leaves state after the spec's removal delay. */
export const dismissToastAtom = atom(null, (_get, set, id: string) => {
  set(toastsAtom, (toasts) => closeToast(toasts, id));
  setTimeout(() => set(toastsAtom, (toasts) => removeToast(toasts, id)), NOTIFICATION_REMOVE_DELAY_MS);
});
