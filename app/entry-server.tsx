/**
 * The prerenderer's entry (built for Node by config/prerender.ts): renders the
 * app at one path to HTML, in the path's language, the way main.tsx will
 * hydrate it.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { isAppRoute, parseRoutePath } from '../contract/routes';
import { App } from './app';
import { siteJsonLd } from './content/seo';
import { activateLocale } from './i18n/active-locale';
import { loadingScreenMarkup } from './start-up/loading-screen-markup';

export interface RenderedPage {
  /** The app's HTML: React puts the page's <title>, <meta> and <link> tags first. */
  readonly html: string;
  readonly htmlLang: string;
  /** The loading screen in the page's language. */
  readonly loadingScreen: string;
  readonly jsonLd: unknown;
}

export async function renderPage(pathname: string, siteUrl: string): Promise<RenderedPage> {
  const active = await activateLocale(parseRoutePath(pathname).locale);
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={pathname}>
        <App />
      </StaticRouter>
    </StrictMode>,
    // Waits for the lazy page. One piece: no boundary is outlined into a later chunk with an inline script (the CSP allows none).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return {
    html: await new Response(prelude).text(),
    htmlLang: active.htmlLang,
    loadingScreen: loadingScreenMarkup(active.site.loading),
    jsonLd: siteJsonLd(siteUrl, active.locale, active.site.brand.blurb, isAppRoute(pathname) ? pathname : null),
  };
}
