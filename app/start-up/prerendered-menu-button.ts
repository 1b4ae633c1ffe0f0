/**
 * The menu button painted with the page, which stands in for the drawer's
 * until the drawer's module has loaded (components/layout/header.tsx). A
 * press on it, before or after the app has taken the page over, is kept
 * here, and the drawer opens with it (components/layout/mobile-drawer.tsx).
 */
export const MENU_STAND_IN_ATTRIBUTE = 'data-menu-stand-in';

let requested = false;
const listeners = new Set<() => void>();

export function listenForMenuPresses(root: HTMLElement = document.documentElement): void {
  // In the capture phase: while React hydrates, it may stop a click on the page from bubbling past its root.
  root.addEventListener(
    'click',
    (event) => {
      if (requested || !(event.target instanceof Element) || !event.target.closest(`[${MENU_STAND_IN_ATTRIBUTE}]`)) return;
      requested = true;
      for (const listener of listeners) listener();
    },
    { capture: true },
  );
}

/** True once the visitor has pressed the stand-in menu button. */
export function isMenuRequested(): boolean {
  return requested;
}

export function subscribeMenuRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
