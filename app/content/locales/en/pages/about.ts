/** The about page in English: the source copy (see ../site.ts). */
import { BRAND } from '../../../brand';

export const COPY = {
  meta: {
    title: `About Us | ${BRAND.name}`,
    description: `Established in ${BRAND.foundedYear}, ${BRAND.name} is trusted by a global clientele for reliability, transparency and performance. Meet our mission, vision and expert team.`,
  },
  hero: {
    eyebrow: 'About Us',
    heading: `Trusted wealth advisers since ${BRAND.foundedYear}`,
    paragraphs: [
      `${BRAND.name} was established in ${BRAND.foundedYear} in Puchong, Selangor, with a simple idea: investment advice should be clear, honest and built around the client.`,
      'Since then we have grown to serve a global clientele of individual and corporate investors, and earned a reputation for reliability, transparency and performance.',
    ],
    imageAlt: `Illustration of a lotus blooming in stages along a growth timeline that starts in ${BRAND.foundedYear}`,
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
    members: [
      {
        role: 'Founder & Managing Director',
        focus: 'Vision & Mission',
        description: `Founded ${BRAND.name} in ${BRAND.foundedYear} and sets the direction and standards of the firm.`,
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
    ],
  },
} as const;
