/**
 * The notification list as pure functions, so its rules are testable without React:
 * newest first, at most NOTIFICATION_LIMIT kept, dismissed ones closed before removal.
 */
import { NOTIFICATION_LIMIT } from '../config/timings';

export type ToastVariant = 'default' | 'destructive';

export interface ToastAction {
  readonly label: string;
  /** Screen-reader text for what the action does (Radix's altText). */
  readonly altText: string;
  readonly onSelect: () => void;
}

export interface ToastInput {
  readonly title: string;
  readonly description?: string;
  readonly variant?: ToastVariant;
  readonly action?: ToastAction;
  /** Stays until the visitor closes it or acts on it, instead of the usual display time. */
  readonly persistent?: boolean;
}

export interface ToastItem extends ToastInput {
  readonly id: string;
  readonly open: boolean;
}

export function addToast(toasts: readonly ToastItem[], toast: ToastItem): ToastItem[] {
  return [toast, ...toasts].slice(0, NOTIFICATION_LIMIT);
}

export function closeToast(toasts: readonly ToastItem[], id: string): ToastItem[] {
  return toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast));
}

export function removeToast(toasts: readonly ToastItem[], id: string): ToastItem[] {
  return toasts.filter((toast) => toast.id !== id);
}
