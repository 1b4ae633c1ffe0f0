/**
 * Page copy that is not a list of cards: titles, descriptions, heroes and calls to action.
 */
import { BRAND, pageTitle } from './brand';
import { DISCOVERY_CALL, FIGURES, RESPONSE_PROMISE } from './figures';

export const HOME_COPY = {
  title: `${BRAND.name} | Professional Investment & Financial Services`,
  description:
    `${BRAND.name} offers wealth management, financial consulting and assets management from Puchong, Malaysia, to clients worldwide. Trusted by ${FIGURES.clients.value} clients since ${BRAND.foundedYear}.`,
  hero: {
    eyebrow: `Trusted by ${FIGURES.clients.value} clients since ${BRAND.foundedYear}`,
    heading: 'Grow, protect and pass on your wealth with confidence',
    lead: 'Wealth management, financial consulting and assets management for individual and corporate investors, in Malaysia and worldwide.',
    primary: { label: 'About Us' },
    secondary: { label: 'Our Services' },
  },
  services: {
    heading: 'How we help you invest',
    lead: 'Three disciplines, one team, one plan for your wealth.',
  },
  testimonials: {
    heading: 'What our clients say',
    lead: 'Individuals and businesses across the region trust us with their future.',
  },
  cta: {
    heading: 'Ready to start your wealth journey?',
    lead: 'Talk to a consultant about your goals. There is no obligation and no minimum investment.',
    button: 'Get Started Now',
    benefits: [
      'Free initial consultation and portfolio review',
      'Personalized strategy',
      'No minimum investment',
      '24/7 monitoring',
      `A ${DISCOVERY_CALL}`,
      RESPONSE_PROMISE,
    ],
  },
} as const;

export const ABOUT_COPY = {
  title: pageTitle('About Us'),
  description:
    'Established in 2018, Teratai Wealth is trusted by a global clientele for reliability, transparency and performance. Meet our mission, vision and expert team.',
  hero: {
    eyebrow: 'About Us',
    heading: `Trusted wealth advisers since ${BRAND.foundedYear}`,
    paragraphs: [
      `${BRAND.name} was established in ${BRAND.foundedYear} in Puchong, Selangor, with a simple idea: investment advice should be clear, honest and built around the client.`,
      'Since then we have grown to serve a global clientele of individual and corporate investors, and earned a reputation for reliability, transparency and performance.',
    ],
    imageAlt: 'Illustration of a lotus blooming in stages along a growth timeline that starts in 2018',
  },
  missionVision: {
    heading: 'Mission and Vision',
    mission: {
      title: 'Our Mission',
      text: 'To give every client, whatever the size of their wealth, the research, discipline and care that were once reserved for the largest investors.',
    },
    vision: {
      title: 'Our Vision',
      text: 'To be the most trusted wealth partner in the region: the firm clients recommend to their families and their businesses.',
    },
  },
  team: {
    heading: 'Expert Team',
    lead: 'Experienced people behind every portfolio.',
  },
} as const;

export const SERVICES_COPY = {
  title: pageTitle('Our Services'),
  description:
    'Wealth management, financial consulting and assets management: stocks, funds, currencies and more, personalised planning, tax optimisation and estate planning.',
  hero: {
    eyebrow: 'Our Services',
    heading: 'Everything your wealth needs, in one place',
    lead: 'From day-to-day portfolio decisions to planning the legacy you leave, our services work together.',
    imageAlt: 'Illustration of three cards, a portfolio chart, a checked plan and a shield, above a lotus in bloom',
  },
  blocksHeading: 'Our core services',
  cta: {
    heading: 'Not sure where to start?',
    lead: 'Tell us about your goals and we will suggest the right mix of services, free of charge.',
    button: 'Contact Us',
  },
} as const;

export const PORTFOLIO_COPY = {
  title: pageTitle('Track Records & Portfolio'),
  description:
    `Our track record since ${BRAND.foundedYear}: ${FIGURES.clients.value} active clients and ${FIGURES.projects.value} projects across eight asset classes, with how each figure is measured and the risks of investing.`,
  hero: {
    eyebrow: 'Track Records',
    heading: 'Track Records & Portfolio',
    lead: 'Results we are proud of, across markets and asset classes.',
    imageAlt: 'Illustration of a report with eight bars for eight asset classes, a pie chart of a spread portfolio and a globe',
  },
  overviewHeading: 'Performance Overview',
  assetsHeading: 'Asset classes we invest in',
  reportsHeading: 'Success Reports',
  cta: {
    heading: 'Join Our Success Story',
    lead: `Become one of the ${FIGURES.clients.value} clients who trust us with their wealth.`,
    button: 'Contact Us',
  },
} as const;

export const NOT_FOUND_COPY = {
  title: pageTitle('404 Page Not Found'),
  description: 'The page you were looking for does not exist.',
  heading: '404 Page Not Found',
  text: 'Did you forget to add the page to the router?',
  homeLink: 'Back to the home page',
} as const;

export const FOOTER_COPY = {
  quickLinksHeading: 'Quick links',
  companyNumber: 'Company no.',
  /** Shown after the legal line while brand.ts holds sample values (BRAND.legalIdentity.sample). */
  sampleNote: 'Sample company details, for demonstration only.',
  contactHeading: 'Contact',
  followHeading: 'Follow us',
} as const;
