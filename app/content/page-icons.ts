/**
 * The pages' icons (UnoCSS classes of the lucide set), the same in every
 * language; each language's copy gives the words of each list in this order.
 */

/** The home page's three service cards. */
export const HOME_SERVICE_ICONS = ['i-lucide-pie-chart', 'i-lucide-trending-up', 'i-lucide-landmark'] as const;

/** The services page's highlights, then its core services. */
export const SERVICE_HIGHLIGHT_ICONS = ['i-lucide-globe', 'i-lucide-rocket', 'i-lucide-file-bar-chart', 'i-lucide-lightbulb'] as const;
export const SERVICE_BLOCK_ICONS = ['i-lucide-landmark', 'i-lucide-briefcase', 'i-lucide-shield-check'] as const;

/** The portfolio page's asset classes, then its reports. */

export const ASSET_CLASS_ICONS = [
  'i-lucide-candlestick-chart', // stocks
  'i-lucide-line-chart', // indices
  'i-lucide-layers', // mutual funds
  'i-lucide-building-2', // private equity
  'i-lucide-banknote', // currencies
  'i-lucide-wheat', // commodities
  'i-lucide-bitcoin', // cryptocurrency
  'i-lucide-sprout', // developing companies
] as const;

export const REPORT_ICONS = [
  'i-lucide-shield', // risk management
  'i-lucide-trending-up', // growth strategy
  'i-lucide-target', // goal achievement
] as const;
