import { describe, expect, it } from 'vitest';
import { formatSpan, promiseStanding } from './promise-clock';

const answerBy = '2026-12-02T10:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('promiseStanding', () => {
  it('counts down while New', () => {
    expect(promiseStanding('new', answerBy, at('2026-12-02T06:40:00.000Z'))).toEqual({ kind: 'left', ms: 200 * 60_000 });
    expect(promiseStanding('new', answerBy, at(answerBy))).toEqual({ kind: 'left', ms: 0 });
  });

  it('is overdue once the time has passed while still New', () => {
    expect(promiseStanding('new', answerBy, at('2026-12-02T10:01:00.000Z'))).toEqual({ kind: 'overdue', ms: 60_000 });
  });

  it.each(['replied', 'closed'] as const)('is answered once %s, however late', (status) => {
    expect(promiseStanding(status, answerBy, at('2026-12-09T00:00:00.000Z'))).toEqual({ kind: 'answered' });
  });
});

describe('formatSpan', () => {
  it.each([
    [0, '0 min'],
    [59_999, '0 min'],
    [45 * 60_000, '45 min'],
    [(3 * 60 + 20) * 60_000, '3 h 20 min'],
    [(2 * 24 + 4) * 3_600_000 + 59 * 60_000, '2 d 4 h'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatSpan(ms)).toBe(text);
  });
});
