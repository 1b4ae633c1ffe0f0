/** The firm's claimed figures (spec section 9), shown on the home hero and the portfolio page. */
export const FIGURES = {
  clients: { value: '1000+', label: 'Active Clients' },
  successRate: { value: '96%', label: 'Success Rate' },
  averageReturns: { value: '24%', label: 'Average Returns' },
  projects: { value: '20+', label: 'Total Projects' },
} as const;

export const METRICS = [FIGURES.clients, FIGURES.successRate, FIGURES.averageReturns, FIGURES.projects] as const;

export const RESPONSE_PROMISE = 'Response within 24 hours';
export const DISCOVERY_CALL = '30-minute discovery call';
