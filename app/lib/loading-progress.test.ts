import { describe, expect, it } from 'vitest';
import { loadingLabel, nextLoadingProgress } from './loading-progress';

describe('nextLoadingProgress', () => {
  it('rises by at least 5 points when the random draw is lowest', () => {
    expect(nextLoadingProgress(0, () => 0)).toBe(5);
  });

  it('rises by at most 20 points when the random draw is highest', () => {
    expect(nextLoadingProgress(10, () => 0.999999)).toBe(30);
  });

  it('only ever takes whole steps between 5 and 20', () => {
    const steps = new Set<number>();
    for (let i = 0; i < 1000; i += 1) steps.add(nextLoadingProgress(0, () => i / 1000));
    expect([...steps].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, k) => k + 5));
  });

  it('is capped at 100', () => {
    expect(nextLoadingProgress(95, () => 0.999999)).toBe(100);
    expect(nextLoadingProgress(100, () => 0.5)).toBe(100);
  });
});

describe('loadingLabel', () => {
  it("reads 'Loading... N%'", () => {
    expect(loadingLabel(45, 'Loading... {progress}%')).toBe('Loading... 45%');
  });
});
