/**
 * Whether the page is on screen: set once, by the start-up script, when the
 * loading screen completes and the page is unhidden. React reads it (through
 * usePageShown) to know when the visitor can see the page; it also keeps the
 * moment, so delays the spec counts from the page's appearance (the award
 * pop-up's) count from there even when the app loads later.
 */
let shownAt: number | null = null;
const listeners = new Set<() => void>();

export function markPageShown(now: number = performance.now()): void {
  if (shownAt !== null) return;
  shownAt = now;
  for (const listener of listeners) listener();
}

export function isPageShown(): boolean {
  return shownAt !== null;
}

/** When the page appeared, on the performance.now() clock; null before. */
export function pageShownAt(): number | null {
  return shownAt;
}

export function subscribePageShown(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
