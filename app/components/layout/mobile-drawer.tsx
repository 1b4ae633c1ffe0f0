import * as Dialog from '@radix-ui/react-dialog';
import { useState, useSyncExternalStore } from 'react';
import { activeLocale } from '../../i18n/active-locale';
import { isMenuRequested, subscribeMenuRequest } from '../../start-up/prerendered-menu-button';
import { IconTooltip } from '../ui/icon-tooltip';
import { TooltipProvider } from '../ui/tooltip-provider';
import { LanguageSwitcher } from './language-switcher';
import { LoginLink } from './login-link';
import { NavItems } from './nav-items';

/**
 * The small-screen menu: a right-side drawer (a Radix dialog, so it traps focus,
 * closes on Escape and returns focus to the menu button), with its tooltip. A
 * lazily loaded module (Radix Dialog and Tooltip are not needed to show a
 * page): until it arrives, a menu button of the same look holds its place
 * (components/layout/header.tsx), and the drawer opens at once if the visitor
 * pressed that one. The press is read as a store, so one that lands between
 * this render and its commit, or while the stand-in still shows, still counts.
 */
export default function MobileDrawer() {
  const requested = useSyncExternalStore(subscribeMenuRequest, isMenuRequested);
  // Open from the start when the stand-in was pressed. Controlled rather than `defaultOpen`: an uncontrolled Radix
  // dialog closes only through its own Close, Escape or a press outside, so each nav link would have to be wrapped in
  // `Dialog.Close asChild`, which stamps type="button" on the anchor and makes the shared NavItems know of the drawer.
  const [open, setOpen] = useState(requested);
  // A press that lands after this first render (hydration yields between render and commit) opens it too.
  const [seenRequest, setSeenRequest] = useState(requested);
  if (requested && !seenRequest) {
    setSeenRequest(true);
    setOpen(true);
  }
  const close = () => setOpen(false);
  const { menu, nav } = activeLocale().site;

  return (
    <TooltipProvider>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <IconTooltip label={menu.open}>
          <Dialog.Trigger className="icon-btn text-paper hover:bg-paper/10 xl:hidden" aria-label={menu.open}>
            <span aria-hidden="true" className="i-lucide-menu text-2xl" />
          </Dialog.Trigger>
        </IconTooltip>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-[60] bg-ink/60" />
          <Dialog.Content className="surface-dark fixed right-0 top-0 z-[70] flex h-full w-80 max-w-[85vw] flex-col gap-6 overflow-y-auto p-6 shadow-2xl">
            <div className="flex items-center justify-between">
              <Dialog.Title className="m-0 text-xl font-bold">{menu.title}</Dialog.Title>
              <Dialog.Close className="icon-btn text-paper hover:bg-paper/10" aria-label={menu.close}>
                <span aria-hidden="true" className="i-lucide-x text-2xl" />
              </Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">{menu.description}</Dialog.Description>
            <nav aria-label={nav.label}>
              <NavItems
                className="m-0 flex list-none flex-col gap-1 p-0"
                linkClassName="block rounded-lg px-4 py-3 text-lg font-medium text-paper no-underline hover:bg-paper/10 aria-[current=page]:(bg-paper/10 text-accent-light)"
                onNavigate={close}
              />
            </nav>
            <LoginLink className="btn-primary no-underline" />
            <LanguageSwitcher
              className="m-0 flex list-none flex-col gap-1 border-t border-paper/15 p-0 pt-4"
              linkClassName="block rounded-lg px-4 py-2 text-paper no-underline hover:bg-paper/10 aria-[current=true]:(bg-paper/10 text-accent-light)"
            />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </TooltipProvider>
  );
}
