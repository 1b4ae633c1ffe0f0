import type { Plugin } from 'vite';
import { loadingScreenMarkup } from '../app/start-up/loading-screen-markup';

const MARK = '<!--loading-screen-->';

/** Writes the loading screen's markup into index.html, in the build and on the dev server alike. */
export function loadingScreenHtml(): Plugin {
  return {
    name: 'teratai:loading-screen-html',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(MARK)) throw new Error(`index.html has no ${MARK} mark`);
        return html.replace(MARK, () => loadingScreenMarkup());
      },
    },
  };
}
