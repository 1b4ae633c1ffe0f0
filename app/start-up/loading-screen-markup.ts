import escapeHtml from 'escape-html';
import { BRAND } from '../content/brand';
import { LOADING_COMPLETE, loadingLabel } from '../lib/loading-progress';

/**
 * The loading screen at 0%, written into index.html at build (and by the dev
 * server), so it paints with the HTML and CSS alone. loading-screen.ts drives
 * it; the page itself waits in `<div id="root" hidden>` after it. The label
 * is a fixed-width, left-aligned box, so the growing percentage never moves
 * it (no layout shift).
 */
/** `copy` is the language's SITE.loading; the counter's format rides on the label for loading-screen.ts. */
export function loadingScreenMarkup(copy: { readonly label: string; readonly progress: string }): string {
  return `<div id="loading-screen" class="surface-dark fixed inset-0 z-[300] flex flex-col items-center justify-center gap-6 bg-gradient-to-br from-ink to-brand">
      <p class="m-0 text-2xl font-bold tracking-tight">${escapeHtml(BRAND.name)}</p>
      <div role="progressbar" aria-label="${escapeHtml(copy.label)}" aria-valuemin="0" aria-valuemax="${LOADING_COMPLETE}" aria-valuenow="0" class="h-2 w-64 max-w-[80vw] overflow-hidden rounded-full bg-paper/20">
        <div data-loading-bar class="h-full w-0 rounded-full bg-accent transition-[width] duration-100"></div>
      </div>
      <p data-loading-label="${escapeHtml(copy.progress)}" data-testid="loading-label" class="m-0 w-36 text-left tabular-nums text-paper/90">${escapeHtml(loadingLabel(0, copy.progress))}</p>
    </div>`;
}
