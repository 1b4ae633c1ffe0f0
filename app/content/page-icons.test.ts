/** The icons are zipped with the copy's lists by position: one icon for each item (every language has English's lengths, see locales/copies.test.ts). */
import { describe, expect, it } from 'vitest';
import { COPY } from './locales/en/pages/portfolio';
import { COPY as HOME } from './locales/en/pages/home';
import { COPY as SERVICES } from './locales/en/pages/services';
import { ASSET_CLASS_ICONS, HOME_SERVICE_ICONS, REPORT_ICONS, SERVICE_BLOCK_ICONS, SERVICE_HIGHLIGHT_ICONS } from './page-icons';

describe('the pages’ icons', () => {
  it('are one for each of the home page’s service cards', () => {
    expect(HOME_SERVICE_ICONS).toHaveLength(HOME.services.cards.length);
  });

  it('are one for each of the services page’s highlights and core services', () => {
    expect(SERVICE_HIGHLIGHT_ICONS).toHaveLength(SERVICES.highlights.length);
    expect(SERVICE_BLOCK_ICONS).toHaveLength(SERVICES.blocks.length);
  });

  it('are one for each of the portfolio page’s asset classes and reports', () => {
    expect(ASSET_CLASS_ICONS).toHaveLength(COPY.assetClasses.length);
    expect(REPORT_ICONS).toHaveLength(COPY.reports.length);
  });
});
