import { describe, expect, it } from 'vitest';
import { median } from './median';

describe('median', () => {
  it('takes the middle of an odd count, in any order', () => {
    expect(median([9, 1, 5])).toBe(5);
  });

  it('takes the mean of the two middle values of an even count', () => {
    expect(median([40, 10, 30, 20])).toBe(25);
  });

  it('sorts numerically, not as text', () => {
    expect(median([100, 9, 20])).toBe(20);
  });

  it('leaves its input as it was', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it('refuses no values rather than answer NaN', () => {
    expect(() => median([])).toThrow(RangeError);
  });
});
