/** The portfolio page's icons, the same in every language; each language's copy gives the words, in this order. */

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
