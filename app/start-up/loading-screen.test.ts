import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_COMPLETION_DELAY_MS, LOADING_TICK_MS } from '../config/timings';
import { runLoadingScreen } from './loading-screen';

/** The three elements the loading screen's markup gives the driver, reduced to what it writes. */
function fakeScreen() {
  const progressbar = {
    attributes: new Map<string, string>(),
    setAttribute(name: string, value: string) {
      this.attributes.set(name, value);
    },
  };
  const bar = { style: { width: '' } };
  const label = { textContent: 'Loading... 0%', dataset: { loadingLabel: 'Loading... {progress}%' } };
  const parts: Record<string, object> = { '[role="progressbar"]': progressbar, '[data-loading-bar]': bar, '[data-loading-label]': label };
  const screen = { querySelector: (selector: string) => parts[selector] ?? null } as unknown as HTMLElement;
  return { screen, progressbar, bar, label };
}

describe('runLoadingScreen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('rises once per tick and completes the fixed delay after reaching 100', async () => {
    const { screen, progressbar, bar, label } = fakeScreen();
    // Math.random() = 0.5 gives a step of 5 + floor(0.5 * 16) = 13 points.
    let done = false;
    void runLoadingScreen(screen, () => 0.5).then(() => (done = true));

    await vi.advanceTimersByTimeAsync(LOADING_TICK_MS - 1);
    expect(label.textContent).toBe('Loading... 0%');
    await vi.advanceTimersByTimeAsync(1);
    expect(label.textContent).toBe('Loading... 13%');
    expect(progressbar.attributes.get('aria-valuenow')).toBe('13');
    expect(bar.style.width).toBe('13%');

    // 13, 26, ..., 91, then 100 (capped): eight ticks in all.
    await vi.advanceTimersByTimeAsync(LOADING_TICK_MS * 7);
    expect(label.textContent).toBe('Loading... 100%');
    expect(bar.style.width).toBe('100%');
    await vi.advanceTimersByTimeAsync(LOADING_COMPLETION_DELAY_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
