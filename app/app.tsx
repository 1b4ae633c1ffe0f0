import * as Tooltip from '@radix-ui/react-tooltip';
import { Provider } from 'jotai';
import { useCallback, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { LoadingScreen } from './components/layout/loading-screen';
import { Toaster } from './components/ui/toaster';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './config/timings';
import { router } from './router';
import { appStore } from './state/store';

export function App() {
  const [loaded, setLoaded] = useState(false);
  const finishLoading = useCallback(() => setLoaded(true), []);
  return (
    <Provider store={appStore}>
      <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        {loaded ? <RouterProvider router={router} /> : <LoadingScreen onComplete={finishLoading} />}
        <Toaster />
      </Tooltip.Provider>
    </Provider>
  );
}
