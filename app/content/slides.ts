import financialConsultation from '../assets/images/slides/financial-consultation.svg';
import marketAnalysisResearch from '../assets/images/slides/market-analysis-research.svg';
import portfolioManagementExcellence from '../assets/images/slides/portfolio-management-excellence.svg';
import strategicInvestmentPlanning from '../assets/images/slides/strategic-investment-planning.svg';
import wealthPreservationStrategies from '../assets/images/slides/wealth-preservation-strategies.svg';

export interface Slide {
  readonly image: string;
  readonly alt: string;
  readonly title: string;
  readonly subtitle: string;
}

/** Intrinsic size of every slide image, so the carousel reserves its box before loading. */
export const SLIDE_IMAGE_SIZE = { width: 1600, height: 700 } as const;

export const SLIDES: readonly Slide[] = [
  {
    image: strategicInvestmentPlanning,
    alt: 'Illustration of a rising path across a chart towards a compass',
    title: 'Strategic Investment Planning',
    subtitle: 'A clear, long-term plan built around your goals, timeline and appetite for risk.',
  },
  {
    image: portfolioManagementExcellence,
    alt: 'Illustration of an asset-allocation donut chart beside balanced blocks',
    title: 'Portfolio Management Excellence',
    subtitle: 'Diversified portfolios, disciplined risk management and regular rebalancing.',
  },
  {
    image: marketAnalysisResearch,
    alt: 'Illustration of candlestick and line charts under a magnifying glass',
    title: 'Market Analysis & Research',
    subtitle: 'Decisions grounded in research across equities, currencies and commodities.',
  },
  {
    image: wealthPreservationStrategies,
    alt: 'Illustration of a shield bearing a lotus, surrounded by layers of protection',
    title: 'Wealth Preservation Strategies',
    subtitle: 'Protect what you have built with asset protection and estate planning.',
  },
  {
    image: financialConsultation,
    alt: 'Illustration of an adviser and a client discussing a chart and a document',
    title: 'Financial Consultation',
    subtitle: 'Personal advice from experienced consultants, starting with a 30-minute discovery call.',
  },
];
