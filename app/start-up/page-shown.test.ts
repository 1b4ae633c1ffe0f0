import { describe, expect, it, vi } from 'vitest';

describe('page-shown state', () => {
  it('is set once, keeps its first moment and tells its subscribers', async () => {
    vi.resetModules();
    const { isPageShown, markPageShown, pageShownAt, subscribePageShown } = await import('./page-shown');
    const listener = vi.fn();
    const unsubscribe = subscribePageShown(listener);
    expect(isPageShown()).toBe(false);
    expect(pageShownAt()).toBeNull();

    markPageShown(1200);
    markPageShown(1500);
    expect(isPageShown()).toBe(true);
    expect(pageShownAt()).toBe(1200);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
