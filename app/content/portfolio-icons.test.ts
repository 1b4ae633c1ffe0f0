/** The icons are zipped with the copy's lists by position: one icon for each item (every language has English's lengths, see locales/copies.test.ts). */
import { describe, expect, it } from 'vitest';
import { COPY } from './locales/en/pages/portfolio';
import { ASSET_CLASS_ICONS, REPORT_ICONS } from './portfolio-icons';

describe('the portfolio page’s icons', () => {
  it('are one for each asset class and each report', () => {
    expect(ASSET_CLASS_ICONS).toHaveLength(COPY.assetClasses.length);
    expect(REPORT_ICONS).toHaveLength(COPY.reports.length);
  });
});
