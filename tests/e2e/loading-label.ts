import { expect } from './fixtures';

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
