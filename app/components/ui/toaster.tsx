import * as Toast from '@radix-ui/react-toast';
import { useAtomValue, useSetAtom } from 'jotai';
import { NOTIFICATION_DURATION_MS, NOTIFICATION_HOTKEY, NOTIFICATION_SWIPE_THRESHOLD_PX } from '../../config/timings';
import { activeLocale } from '../../i18n/active-locale';
import { dismissToastAtom, toastListAtom } from '../../state/toast-atoms';

const VARIANT_CLASSES = {
  default: 'bg-paper text-ink ring-1 ring-ink/10',
  destructive: 'bg-danger text-paper on-dark-focus',
} as const;

/** Renders the notification list (one at a time) with the spec's timings. */
export function Toaster() {
  const toasts = useAtomValue(toastListAtom);
  const dismissToast = useSetAtom(dismissToastAtom);
  const copy = activeLocale().site.notifications;

  return (
    <Toast.Provider
      duration={NOTIFICATION_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={NOTIFICATION_SWIPE_THRESHOLD_PX}
      label={copy.label}
    >
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          open={toast.open}
          duration={toast.persistent ? Infinity : undefined}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
          type={toast.variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={toast.variant ?? 'default'}
          className={`${VARIANT_CLASSES[toast.variant ?? 'default']} pointer-events-auto relative flex w-full items-start gap-3 rounded-xl p-4 pr-10 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]`}
        >
          <div className="grid gap-1">
            <Toast.Title className="font-semibold">{toast.title}</Toast.Title>
            {toast.description ? <Toast.Description className="text-sm">{toast.description}</Toast.Description> : null}
            {toast.action ? (
              <Toast.Action
                altText={toast.action.altText}
                onClick={toast.action.onSelect}
                className="btn-secondary mt-2 justify-self-start px-4 py-2 text-sm"
              >
                {toast.action.label}
              </Toast.Action>
            ) : null}
          </div>
          <Toast.Close aria-label={copy.close} className="icon-btn absolute right-1 top-1 h-9 w-9 hover:bg-ink/10">
            <span aria-hidden="true" className="i-lucide-x" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={NOTIFICATION_HOTKEY}
        label={copy.region}
        // Below the header (its language line, h-8, and its main line, h-18) as it stands at the top of the page, so a
        // notification never covers the Login button or the menu.
        className="fixed right-0 top-26 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none"
      />
    </Toast.Provider>
  );
}
