import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { clientLazy } from './components/layout/client-lazy';
import { LoadingScreen } from './components/layout/loading-screen';
import { PageShownContext } from './components/layout/page-shown';
import { AppRoutes } from './router';

const ToasterRoot = clientLazy(() => import('./components/ui/toaster-root'));

/**
 * The loading screen first (spec section 4), then the page. The page's markup
 * is already there (prerendered, then hydrated) but stays `hidden` until the
 * loading screen completes. `children` keeps its identity across that switch,
 * so showing the page re-renders only what waits for it. `overlay` (the
 * notifications) arrives with the page: a notification that comes earlier
 * waits in the store instead of covering the loading screen.
 */
interface LoadingGateProps {
  readonly children: ReactNode;
  readonly overlay: ReactNode;
  readonly onShown?: () => void;
}

function LoadingGate({ children, overlay, onShown }: LoadingGateProps) {
  const [shown, setShown] = useState(false);
  const showPage = useCallback(() => setShown(true), []);
  useEffect(() => {
    if (shown) onShown?.();
  }, [shown, onShown]);
  return (
    <>
      {shown ? null : <LoadingScreen onComplete={showPage} />}
      <PageShownContext value={shown}>
        <div id="site" hidden={!shown}>
          {children}
        </div>
        {shown ? overlay : null}
      </PageShownContext>
    </>
  );
}

/**
 * The site. The router is given by the entry point: BrowserRouter in the
 * browser, StaticRouter when prerendering. `onShown` runs once the page is on
 * screen (the browser entry starts its background work then).
 */
export function App({ onShown }: { onShown?: () => void }) {
  return (
    <LoadingGate overlay={<ToasterRoot />} onShown={onShown}>
      <AppRoutes />
    </LoadingGate>
  );
}
