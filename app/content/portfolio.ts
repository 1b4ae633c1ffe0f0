import { FIGURES } from './figures';

export const PERFORMANCE_OVERVIEW = [FIGURES.clients, FIGURES.successRate, FIGURES.averageReturns, FIGURES.projects] as const;

export interface AssetClass {
  readonly icon: string;
  readonly name: string;
}

/** The grid of asset classes on the portfolio page, in the spec's order. */
export const ASSET_CLASSES: readonly AssetClass[] = [
  { icon: 'i-lucide-candlestick-chart', name: 'Stocks' },
  { icon: 'i-lucide-line-chart', name: 'Indices' },
  { icon: 'i-lucide-layers', name: 'Mutual Funds' },
  { icon: 'i-lucide-building-2', name: 'Private Equity' },
  { icon: 'i-lucide-banknote', name: 'Currencies' },
  { icon: 'i-lucide-wheat', name: 'Commodities' },
  { icon: 'i-lucide-bitcoin', name: 'Cryptocurrency' },
  { icon: 'i-lucide-sprout', name: 'Developing Co.' },
];

export interface SuccessReport {
  readonly icon: string;
  readonly title: string;
  readonly description: string;
}

export const SUCCESS_REPORTS: readonly SuccessReport[] = [
  {
    icon: 'i-lucide-shield',
    title: 'Risk Management',
    description: 'Every portfolio is stress-tested and rebalanced so that no single event decides its fate.',
  },
  {
    icon: 'i-lucide-trending-up',
    title: 'Growth Strategy',
    description: 'Steady, compounding growth from a strategy reviewed against your goals each quarter.',
  },
  {
    icon: 'i-lucide-target',
    title: 'Goal Achievement',
    description: 'A 96% client satisfaction rating, earned by reaching the goals we set together.',
  },
];
