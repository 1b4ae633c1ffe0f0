import { useCallback, useState } from 'react';
import { clientLazy } from './components/layout/client-lazy';
import { LoadingScreen } from './components/layout/loading-screen';
import { PageShownContext } from './components/layout/page-shown';
import { AppRoutes } from './router';

const ToasterRoot = clientLazy(() => import('./components/ui/toaster-root'));

/**
 * The loading screen first (spec section 4), then the site. The site's markup
 * is already in the page (prerendered, then hydrated) but stays `hidden` until
 * the loading screen completes. The router is given by the entry point:
 * BrowserRouter in the browser, StaticRouter when prerendering.
 */
export function App() {
  const [shown, setShown] = useState(false);
  const showPage = useCallback(() => setShown(true), []);
  return (
    <>
      {shown ? null : <LoadingScreen onComplete={showPage} />}
      <PageShownContext value={shown}>
        <div id="site" hidden={!shown}>
          <AppRoutes />
        </div>
      </PageShownContext>
      <ToasterRoot />
    </>
  );
}
