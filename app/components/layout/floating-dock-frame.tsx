import type { ReactNode } from 'react';

/**
 * The fixed strip the floating elements share, so they never cover each
 * other: stacked on small screens; on wider ones the cards left and the
 * corner button (WhatsApp) right, the cards staying left when it is absent.
 */
export function FloatingDockFrame({ corner, children }: { readonly corner?: ReactNode; readonly children: ReactNode }) {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex flex-col items-end gap-3 p-4 md:flex-row-reverse md:items-end">
      {corner}
      <div className="flex w-full max-w-lg flex-col gap-3 md:mr-auto">{children}</div>
    </div>
  );
}
