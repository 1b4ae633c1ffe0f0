import { expect } from './fixtures';
import { median } from '../../scripts/median';

interface StartUpSample {
  t: number;
  text: string;
  siteVisible: boolean;
}

declare global {
  interface Window {
    startUpSamples: StartUpSample[];
    siteShownAt: number | null;
    prerenderedHeading: Element | null;
  }
}

/**
 * An init script: from the first byte on, records each loading label with
 * whether the page is visible, the moment the page becomes visible, and the
 * prerendered h1 element (to check that hydration kept it rather than drawing
 * a new one).
 */
export function recordStartUp(): void {
  window.startUpSamples = [];
  window.siteShownAt = null;
  window.prerenderedHeading = null;
  const record = () => {
    const siteVisible = document.getElementById('root')?.checkVisibility() ?? false;
    window.prerenderedHeading ??= document.querySelector('#root h1');
    const text = document.querySelector('[data-testid="loading-label"]')?.textContent;
    if (text && text !== window.startUpSamples.at(-1)?.text) window.startUpSamples.push({ t: performance.now(), text, siteVisible });
    if (window.siteShownAt === null && siteVisible) window.siteShownAt = performance.now();
  };
  new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
}

/**
 * The spec's loading rule, checked on the labels a page showed in order: from
 * 'Loading... 0%' to 'Loading... 100%' in steps of 5 to 20 points (the last
 * one may be cut short by the cap at 100).
 */
export function expectLoadingSteps(labels: readonly string[]): void {
  const values = labels.map((label) => {
    const match = /^Loading\.\.\. (\d+)%$/.exec(label);
    expect(match, `label "${label}"`).not.toBeNull();
    return Number(match![1]);
  });
  expect(values[0]).toBe(0);
  expect(values.at(-1)).toBe(100);
  for (let i = 1; i < values.length; i += 1) {
    const step = values[i]! - values[i - 1]!;
    expect(step).toBeGreaterThanOrEqual(values[i] === 100 ? 1 : 5);
    expect(step).toBeLessThanOrEqual(20);
  }
}

/**
 * The spec's 100 ms tick, checked on the moments the labels changed. The
 * first label (0%) arrives with the HTML and is left out: the first tick
 * counts from the start-up script. Each tick is scheduled 100 ms after the
 * previous one ran, so on average they cannot be shorter; on a loaded machine
 * one observation can lag and shorten the interval after it, so a single
 * interval only gets a loose lower bound. A loaded machine may also fire
 * timers late, so the upper bound is on the median.
 */
export function expectLoadingTicks(changedAt: readonly number[]): void {
  const ticks = changedAt.slice(2).map((t, i) => t - changedAt[i + 1]!);
  expect(ticks.length).toBeGreaterThan(3);
  expect((changedAt.at(-1)! - changedAt[1]!) / ticks.length).toBeGreaterThanOrEqual(95);
  // Loose: a CI run saw 42 ms between two observed labels, on a busy machine. Two ticks scheduled at once would show a few ms.
  for (const tick of ticks) expect(tick).toBeGreaterThanOrEqual(20);
  expect(median(ticks)).toBeLessThan(200);
}
