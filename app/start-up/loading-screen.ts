import { LOADING_COMPLETION_DELAY_MS, LOADING_TICK_MS } from '../config/timings';
import { LOADING_COMPLETE, loadingLabel, nextLoadingProgress } from '../lib/loading-progress';

/**
 * Runs the loading screen of the spec (section 4) on its markup
 * (loading-screen-markup.ts): progress rises every tick by a random step and
 * the promise resolves a fixed delay after it reaches 100. Plain DOM, no
 * React: it starts as soon as the page's HTML and CSS are there, without
 * waiting for the app's JavaScript.
 */
export function runLoadingScreen(screen: HTMLElement, random: () => number = Math.random): Promise<void> {
  const progressbar = screen.querySelector<HTMLElement>('[role="progressbar"]')!;
  const bar = screen.querySelector<HTMLElement>('[data-loading-bar]')!;
  const label = screen.querySelector<HTMLElement>('[data-loading-label]')!;
  const format = label.dataset.loadingLabel!;
  let progress = 0;
  return new Promise((resolve) => {
    const tick = () => {
      progress = nextLoadingProgress(progress, random);
      progressbar.setAttribute('aria-valuenow', String(progress));
      bar.style.width = `${progress}%`;
      label.textContent = loadingLabel(progress, format);
      if (progress >= LOADING_COMPLETE) setTimeout(resolve, LOADING_COMPLETION_DELAY_MS);
      else setTimeout(tick, LOADING_TICK_MS);
    };
    setTimeout(tick, LOADING_TICK_MS);
  });
}
