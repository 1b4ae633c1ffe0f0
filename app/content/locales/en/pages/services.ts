/** The services page in English: the source copy (see ../site.ts). */
import { BRAND } from '../../../brand';

export const COPY = {
  meta: {
    title: `Our Services | ${BRAND.name}`,
    description:
      'Wealth management, financial consulting and assets management: stocks, funds, currencies and more, personalised planning, tax optimisation and estate planning.',
  },
  hero: {
    eyebrow: 'Our Services',
    heading: 'Everything your wealth needs, in one place',
    lead: 'From day-to-day portfolio decisions to planning the legacy you leave, our services work together.',
    imageAlt: 'Illustration of three cards, a portfolio chart, a checked plan and a shield, above a lotus in bloom',
  },
  /** Names the highlight cards' section for screen readers' outline. */
  highlightsHeading: 'Highlights',
  /** In the order of page-icons.ts's SERVICE_HIGHLIGHT_ICONS. */
  highlights: [
    {
      title: 'Global Business',
      description: 'Access to opportunities in Malaysia, the region and world markets.',
    },
    {
      title: 'Business Growth',
      description: 'Capital strategies that help your business and your wealth grow together.',
    },
    {
      title: 'Success Reports',
      description: 'Clear, regular reports that show exactly how your portfolio performs.',
    },
    {
      title: 'Business Ideas',
      description: 'Fresh, researched ideas for putting your capital to work.',
    },
  ],
  blocksHeading: 'Our core services',
  /** In the order of page-icons.ts's SERVICE_BLOCK_ICONS. */
  blocks: [
    {
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
      title: 'Financial Consulting',
      description: 'Advice shaped around your life, your business and your timeline.',
      features: ['Personalised planning', 'Strategy development', 'Tax optimisation', 'Retirement planning'],
    },
    {
      title: 'Assets Management',
      description: 'Plan how to protect what you have built, and how it passes to the people you choose.',
      features: ['Asset protection', 'Estate planning', 'Risk management', 'Legacy planning'],
    },
  ],
  cta: {
    heading: 'Not sure where to start?',
    lead: 'Tell us about your goals and we will suggest the right mix of services, free of charge.',
    button: 'Contact Us',
  },
} as const;
