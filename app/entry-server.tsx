/**
 * The prerenderer's entry (built for Node by config/prerender.ts): renders the
 * app at one path to HTML, the way main.tsx will hydrate it.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { parseRoutePath } from '../contract/routes';
import { App } from './app';
import { activateLocale } from './i18n/active-locale';
import { preloadPage } from './router';

export { NOT_FOUND_PRERENDER_PATH } from './router';
export { financialServiceJsonLd } from './content/seo';

/** The app's HTML at `pathname`: React puts the page's <title>, <meta> and <link> tags first. */
export async function renderPage(pathname: string): Promise<string> {
  await Promise.all([preloadPage(pathname), activateLocale(parseRoutePath(pathname).locale)]);
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={pathname}>
        <App />
      </StaticRouter>
    </StrictMode>,
    // One piece: no boundary is outlined into a later chunk with an inline script (the CSP allows none).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
