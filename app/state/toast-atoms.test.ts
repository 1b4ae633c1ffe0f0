import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToastAtom, showToastAtom, toastListAtom } from './toast-atoms';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toast atoms', () => {
  it('shows one notification at a time, the newest', () => {
    const store = createStore();
    store.set(showToastAtom, { title: 'First' });
    store.set(showToastAtom, { title: 'Second', variant: 'destructive' });
    expect(store.get(toastListAtom).map((toast) => [toast.title, toast.variant, toast.open])).toEqual([['Second', 'destructive', true]]);
  });

  it('keeps a dismissed notification, closed, for the removal delay of 1,000,000 ms', () => {
    const store = createStore();
    const id = store.set(showToastAtom, { title: 'Saved' });
    store.set(dismissToastAtom, id);
    expect(store.get(toastListAtom)).toMatchObject([{ id, open: false }]);
    vi.advanceTimersByTime(999_999);
    expect(store.get(toastListAtom)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.get(toastListAtom)).toHaveLength(0);
  });
});
