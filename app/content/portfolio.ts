import { BRAND } from './brand';
import { FIGURES, type Figure, RISK_WARNING } from './figures';

export const PERFORMANCE_OVERVIEW: readonly Figure[] = [FIGURES.clients, FIGURES.successRate, FIGURES.averageReturns, FIGURES.projects];

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
    description: 'Goals set together at the start and reviewed with you every year, so progress is measured against what matters to you.',
  },
];

/** The portfolio page's full disclosure, after its figures and before its call to action. */
export const IMPORTANT_INFORMATION = {
  heading: 'Important Information',
  basis: {
    heading: 'How each figure is measured',
    figures: PERFORMANCE_OVERVIEW,
    caveat: `The ${FIGURES.successRate.label.toLowerCase()} measures how satisfied our clients are, not investment results. No client held the model growth portfolio for the whole period, and your own return depends on when you invest, what you hold, the fees you pay and your currency.`,
  },
  risks: {
    heading: 'Risks',
    points: [
      ...RISK_WARNING.points,
      'Some asset classes on this page, such as cryptocurrencies, developing companies and private equity, carry a high risk: their prices can move sharply, they can be hard to sell, and you can lose all the money invested in them.',
      'Investments held in a foreign currency also rise and fall with the exchange rate.',
    ],
  },
  general: {
    heading: 'General information, not advice',
    paragraphs: [
      'This page is general information about our firm and its track record. It is not an offer or a solicitation to buy or sell any investment, and it is not advice about your own situation.',
      'Before you invest, we assess your objectives, your financial situation and your tolerance for risk, and we explain the fees and risks of what we recommend.',
      `${BRAND.legalName}: ${BRAND.legalIdentity.licenceStatus}.`,
    ],
    termsLink: 'Terms of use and disclaimer',
  },
} as const;
