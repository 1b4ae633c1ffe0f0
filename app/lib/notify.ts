import { appStore } from '../state/store';
import { showToastAtom } from '../state/toast-atoms';
import type { ToastInput } from '../state/toast-queue';

/** Shows a notification from anywhere, inside React or not. */
export function notify(input: ToastInput): string {
  return appStore.set(showToastAtom, input);
}
