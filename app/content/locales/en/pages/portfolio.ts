/** The portfolio page in English: the source copy (see ../site.ts). */
import { BRAND } from '../../../brand';
import { FIGURES, METRICS, RISK_WARNING } from '../figures';
import { SITE } from '../site';

export const COPY = {
  meta: {
    title: `Track Records & Portfolio | ${BRAND.name}`,
    description: `Our track record since ${BRAND.foundedYear}: ${FIGURES.clients.value} active clients and ${FIGURES.projects.value} projects across eight asset classes, with how each figure is measured and the risks of investing.`,
  },
  hero: {
    eyebrow: 'Track Records',
    heading: 'Track Records & Portfolio',
    lead: 'Results we are proud of, across markets and asset classes.',
    imageAlt: 'Illustration of a report with eight bars for eight asset classes, a pie chart of a spread portfolio and a globe',
  },
  overviewHeading: 'Performance Overview',
  metrics: METRICS,
  riskWarning: RISK_WARNING,
  assetsHeading: 'Asset classes we invest in',
  /** In the order of page-icons.ts's ASSET_CLASS_ICONS. */
  assetClasses: ['Stocks', 'Indices', 'Mutual Funds', 'Private Equity', 'Currencies', 'Commodities', 'Cryptocurrency', 'Developing Co.'],
  reportsHeading: 'Success Reports',
  /** In the order of page-icons.ts's REPORT_ICONS. */
  reports: [
    {
      title: 'Risk Management',
      description: 'Every portfolio is stress-tested and rebalanced so that no single event decides its fate.',
    },
    {
      title: 'Growth Strategy',
      description: 'Long-term growth as the aim, from a strategy reviewed against your goals each quarter; growth is not assured.',
    },
    {
      title: 'Goal Achievement',
      description: 'Goals set together at the start and reviewed with you every year, so progress is measured against what matters to you.',
    },
  ],
  importantInformation: {
    heading: 'Important Information',
    basis: {
      heading: 'How each figure is measured',
      figures: METRICS,
      caveat: 'Your own return depends on when you invest, what you hold, the fees you pay and your currency.',
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
        `${BRAND.legalName}: ${SITE.brand.licenceStatus}.`,
      ],
      termsLink: 'Terms of use and disclaimer',
    },
  },
  cta: {
    heading: 'Join Our Success Story',
    lead: `Become one of the ${FIGURES.clients.value} clients who trust us with their wealth.`,
    button: 'Contact Us',
  },
} as const;
