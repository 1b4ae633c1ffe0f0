/** The figures' labels and bases, and the risk warning that stands beside them (home, portfolio, terms). */
import { BRAND } from '../../brand';
import { DISCOVERY_CALL_MINUTES, type Figure, FIGURE_VALUES, type FigureKey, FIGURES_PERIOD, RESPONSE_HOURS } from '../../figures';
import { dayName, OFFICE_HOURS } from '../../office-hours';

export const FIGURES = {
  clients: {
    value: FIGURE_VALUES.clients,
    label: 'Active Clients',
    basis: `Clients with an open account on 31 Dec ${FIGURES_PERIOD.lastYear}`,
  },
  successRate: {
    value: FIGURE_VALUES.successRate,
    label: 'Success Rate',
    basis: `Clients rating us 4 or 5 out of 5 in our yearly satisfaction survey, ${FIGURES_PERIOD.firstYear}–${FIGURES_PERIOD.lastYear}: satisfaction, not investment results`,
  },
  averageReturns: {
    value: FIGURE_VALUES.averageReturns,
    label: 'Average Returns',
    basis: `Average yearly return of our model growth portfolio after fees, ${FIGURES_PERIOD.firstYear}–${FIGURES_PERIOD.lastYear}: a model that no client held for the whole period; clients' own results differed and may have been lower`,
  },
  projects: {
    value: FIGURE_VALUES.projects,
    label: 'Total Projects',
    basis: `Corporate mandates completed, ${BRAND.foundedYear}–${FIGURES_PERIOD.lastYear}`,
  },
} as const satisfies Record<FigureKey, Figure>;

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

export const RESPONSE_PROMISE = `Response within ${RESPONSE_HOURS} hours`;
export const DISCOVERY_CALL = `${DISCOVERY_CALL_MINUTES}-minute discovery call`;

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const clock = (hour: number) => `${hour % 12 || 12} ${hour < 12 ? 'AM' : 'PM'}`;
/** 'Mon - Fri: 9 AM - 6 PM' */
export const OFFICE_HOURS_LINE = `${dayName(DAYS, OFFICE_HOURS.firstDay)} - ${dayName(DAYS, OFFICE_HOURS.lastDay)}: ${clock(OFFICE_HOURS.opens)} - ${clock(OFFICE_HOURS.closes)}`;
