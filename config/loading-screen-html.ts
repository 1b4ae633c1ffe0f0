import path from 'node:path';
import type { Plugin } from 'vite';
import { SITE } from '../app/content/locales/en/site';
import { loadingScreenMarkup } from '../app/start-up/loading-screen-markup';
import { LOADING_SCREEN_MARK } from '../scripts/site-documents';

/**
 * Writes the loading screen's markup into index.html on the dev server. The
 * build leaves the mark, and the prerenderer writes each page's loading
 * screen in the page's language.
 */
export function loadingScreenHtml(): Plugin {
  return {
    name: 'teratai:loading-screen-html',
    transformIndexHtml: {
      order: 'pre',
      handler(html, context) {
        if (path.basename(context.filename) !== 'index.html') return html; // the inbox has no loading screen
        if (!html.includes(LOADING_SCREEN_MARK)) throw new Error(`index.html has no ${LOADING_SCREEN_MARK} mark`);
        return context.server ? html.replace(LOADING_SCREEN_MARK, () => loadingScreenMarkup(SITE.loading)) : html;
      },
    },
  };
}
