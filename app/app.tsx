import { useEffect } from 'react';
import { clientLazy } from './components/layout/client-lazy';
import { AppRoutes } from './router';

const ToasterRoot = clientLazy(() => import('./components/ui/toaster-root'));

/**
 * The site: the page, and the notifications over it. The router is given by
 * the entry point: BrowserRouter in the browser, StaticRouter when
 * prerendering. The loading screen is not part of it (app/boot.ts runs it
 * before the app loads). `onMounted` runs once the app has taken over the
 * page.
 */
export function App({ onMounted }: { onMounted?: () => void }) {
  useEffect(() => {
    onMounted?.();
  }, [onMounted]);
  return (
    <>
      <AppRoutes />
      <ToasterRoot />
    </>
  );
}
