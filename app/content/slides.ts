/** The carousel's images, the same in every language; each language's home copy gives their titles and alt text, in this order. */
import financialConsultation from '../assets/images/slides/financial-consultation.svg';
import marketAnalysisResearch from '../assets/images/slides/market-analysis-research.svg';
import portfolioManagementExcellence from '../assets/images/slides/portfolio-management-excellence.svg';
import strategicInvestmentPlanning from '../assets/images/slides/strategic-investment-planning.svg';
import wealthPreservationStrategies from '../assets/images/slides/wealth-preservation-strategies.svg';

/** Intrinsic size of every slide image, so the carousel reserves its box before loading. */
export const SLIDE_IMAGE_SIZE = { width: 1600, height: 700 } as const;

export const SLIDE_IMAGES: readonly string[] = [
  strategicInvestmentPlanning,
  portfolioManagementExcellence,
  marketAnalysisResearch,
  wealthPreservationStrategies,
  financialConsultation,
];

export interface Slide {
  readonly image: string;
  readonly alt: string;
  readonly title: string;
  readonly subtitle: string;
}
