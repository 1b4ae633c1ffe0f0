/**
 * The firm's claimed figures (spec section 9), shown on the home hero and the
 * portfolio page, each with what it counts and over which period: a figure
 * never appears without its basis beside it (issue 12). The basis texts are
 * the firm's statement of how it measured; confirm them before going live.
 */
export interface Figure {
  readonly value: string;
  readonly label: string;
  /** What the figure counts and over which period, shown right under it. */
  readonly basis: string;
}

export const FIGURES = {
  clients: { value: '1000+', label: 'Active Clients', basis: 'Clients with an open account on 31 Dec 2024' },
  successRate: {
    value: '96%',
    label: 'Success Rate',
    basis: 'Clients rating us 4 or 5 out of 5 in our yearly satisfaction survey, 2019–2024',
  },
  averageReturns: {
    value: '24%',
    label: 'Average Returns',
    basis: 'Average yearly return of our model growth portfolio after fees, 2019–2024; individual results varied',
  },
  projects: { value: '20+', label: 'Total Projects', basis: 'Corporate mandates completed, 2018–2024' },
} as const satisfies Record<string, Figure>;

export const METRICS: readonly Figure[] = [FIGURES.clients, FIGURES.successRate, FIGURES.averageReturns, FIGURES.projects];

/** What stands beside any figure about performance, on the home hero and the portfolio page. */
export const RISK_WARNING = {
  heading: 'Investing involves risk',
  points: [
    'Past performance is not indicative of future performance.',
    'The value of investments can go down as well as up, and you may get back less than you invested.',
    'Returns are not guaranteed.',
  ],
} as const;

export const RESPONSE_PROMISE = 'Response within 24 hours';
export const DISCOVERY_CALL = '30-minute discovery call';
