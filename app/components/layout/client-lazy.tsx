import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { usePageShown } from './page-shown';

/**
 * A lazily loaded component that renders on the client only, once the page is
 * on screen: the server and the hydrating render show `fallback` (the same
 * markup on both sides, so no mismatch); then the module loads and replaces
 * it. Used for UI that the first paint does not need and that reads browser
 * state or renders Radix portals; loading it only then keeps its bytes from
 * competing with the page's own on a slow network.
 */
export function clientLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Lazy = lazy(load);
  function ClientLazy({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    if (!usePageShown()) return fallback;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...(props as P)} />
      </Suspense>
    );
  }
  return ClientLazy;
}
