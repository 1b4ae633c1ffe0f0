export interface ServiceCard {
  /** An UnoCSS icon class (lucide set). */
  readonly icon: string;
  readonly title: string;
  readonly description: string;
  readonly features: readonly string[];
}

/** The three service cards on the home page. */
export const HOME_SERVICE_CARDS: readonly ServiceCard[] = [
  {
    icon: 'i-lucide-pie-chart',
    title: 'Portfolio Management',
    description: 'Portfolios built for your goals and kept on course as markets move.',
    features: ['Diversified portfolios', 'Risk management', 'Regular rebalancing'],
  },
  {
    icon: 'i-lucide-trending-up',
    title: 'Investment Strategy',
    description: 'A strategy grounded in research, not in headlines.',
    features: ['Market analysis', 'Asset allocation', 'Performance tracking'],
  },
  {
    icon: 'i-lucide-landmark',
    title: 'Wealth Management',
    description: 'Protect, grow and pass on what you have built.',
    features: ['Asset protection', 'Tax optimization', 'Estate planning'],
  },
];

export interface HighlightCard {
  readonly icon: string;
  readonly title: string;
  readonly description: string;
}

/** The four highlight cards at the top of the services page. */
export const SERVICE_HIGHLIGHTS: readonly HighlightCard[] = [
  {
    icon: 'i-lucide-globe',
    title: 'Global Business',
    description: 'Access to opportunities in Malaysia, the region and world markets.',
  },
  {
    icon: 'i-lucide-rocket',
    title: 'Business Growth',
    description: 'Capital strategies that help your business and your wealth grow together.',
  },
  {
    icon: 'i-lucide-file-bar-chart',
    title: 'Success Reports',
    description: 'Clear, regular reports that show exactly how your portfolio performs.',
  },
  {
    icon: 'i-lucide-lightbulb',
    title: 'Business Ideas',
    description: 'Fresh, researched ideas for putting your capital to work.',
  },
];

/** The three service blocks of the services page. */
export const SERVICE_BLOCKS: readonly ServiceCard[] = [
  {
    icon: 'i-lucide-landmark',
    title: 'Wealth Management',
    description: 'Broad market access, managed with discipline across every asset class we cover.',
    features: [
      'Stocks',
      'Indices',
      'Mutual funds',
      'Private-equity funds',
      'Developing companies',
      'Currencies',
      'Commodities',
      'Cryptocurrencies',
    ],
  },
  {
    icon: 'i-lucide-briefcase',
    title: 'Financial Consulting',
    description: 'Advice shaped around your life, your business and your timeline.',
    features: ['Personalised planning', 'Strategy development', 'Tax optimisation', 'Retirement planning'],
  },
  {
    icon: 'i-lucide-shield-check',
    title: 'Assets Management',
    description: 'Keep what you have built safe, and make sure it reaches the people you choose.',
    features: ['Asset protection', 'Estate planning', 'Risk management', 'Legacy planning'],
  },
];
