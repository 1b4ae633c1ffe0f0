/**
 * The firm's claimed figures (spec section 9, in docs/product.md) as numbers, the same in every
 * language; each language's copy (locales/<code>/figures.ts) gives them their
 * label and basis. A figure never appears without its basis beside it
 * (docs/product.md, "Claims in context"). Confirm the figures and their bases before going live.
 */
export { RESPONSE_HOURS } from '../../contract/promises';

export const FIGURE_VALUES = {
  clients: '1000+',
  successRate: '96%',
  averageReturns: '24%',
  projects: '20+',
} as const;

export type FigureKey = keyof typeof FIGURE_VALUES;

export interface Figure {
  readonly value: string;
  readonly label: string;
  /** What the figure counts and over which period, shown right under it. */
  readonly basis: string;
}

/** The years the figures' bases cover: the first, and the last, whose 31 December they were counted on. */
export const FIGURES_PERIOD = { firstYear: 2019, lastYear: 2024 } as const;

/** The length of the free first call the site offers, in minutes. */
export const DISCOVERY_CALL_MINUTES = 30;
