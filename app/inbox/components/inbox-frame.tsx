import type { ReactNode } from 'react';
import { TEXTS } from '../texts';

export const INBOX_MAIN_ID = 'inbox-main';
export const INBOX_CONTAINER = 'mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8';

/** What every inbox page has around its content: the skip link, the banner (with `header`'s extras) and <main>. */
export function InboxFrame({ header, children }: { header?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${INBOX_MAIN_ID}`}
        className="sr-only focus:(not-sr-only fixed left-4 top-4 z-50 rounded-lg bg-paper px-4 py-2 text-ink shadow-lg)"
      >
        {TEXTS.skipLink}
      </a>
      <header className="surface-dark">
        <div className={`${INBOX_CONTAINER} flex flex-wrap items-center gap-x-6 gap-y-2 py-3`}>
          <p className="font-bold tracking-tight">{TEXTS.appName}</p>
          {header}
        </div>
      </header>
      <main id={INBOX_MAIN_ID} tabIndex={-1} className={`${INBOX_CONTAINER} flex-1 space-y-6 py-8 outline-none`}>
        {children}
      </main>
    </div>
  );
}
