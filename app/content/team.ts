export interface TeamCard {
  readonly role: string;
  readonly focus: string;
  readonly description: string;
  readonly initials: string;
}

/** The Expert Team on the about page. */
export const TEAM: readonly TeamCard[] = [
  {
    role: 'Founder & Managing Director',
    focus: 'Vision & Mission',
    description: 'Founded Teratai Wealth in 2018 and sets the direction and standards of the firm.',
    initials: 'MD',
  },
  {
    role: 'Senior Fund Manager',
    focus: 'Portfolio Management',
    description: '30+ years of experience managing portfolios through every kind of market.',
    initials: 'FM',
  },
  {
    role: 'Market Analyst',
    focus: 'Research & Analysis',
    description: 'Turns market data and research into clear recommendations for our clients.',
    initials: 'MA',
  },
];
