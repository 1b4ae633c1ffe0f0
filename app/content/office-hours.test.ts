import { describe, expect, it } from 'vitest';
import { OFFICE_HOURS_LINE as EN } from './locales/en/figures';
import { OFFICE_HOURS_LINE as MS } from './locales/ms/figures';
import { OFFICE_HOURS_LINE as ZH } from './locales/zh/figures';
import { OPENING_HOURS } from './seo';

describe('office hours, worded in each language from one source', () => {
  it('reads as the spec words it in English', () => {
    expect(EN).toBe('Mon - Fri: 9 AM - 6 PM');
  });

  it('reads naturally in Malay and Chinese', () => {
    expect(MS).toBe('Isnin - Jumaat: 9 pagi - 6 petang');
    expect(ZH).toBe('星期一至星期五：上午 9 时至下午 6 时');
  });

  it('gives search engines the same hours', () => {
    expect(OPENING_HOURS).toEqual({
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '09:00',
      closes: '18:00',
    });
  });
});
