import { Provider } from 'jotai';
import { appStore } from '../../state/store';
import { Toaster } from './toaster';

/** The notification area with the app's store, loaded after hydration (Radix Toast and jotai's React bindings are not needed to show a page). */
export default function ToasterRoot() {
  return (
    <Provider store={appStore}>
      <Toaster />
    </Provider>
  );
}
