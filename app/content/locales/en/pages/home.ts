/** The home page in English: the source copy (see site.ts). */
import { AWARD } from '../../../award';
import { BRAND } from '../../../brand';
import { DISCOVERY_CALL, METRICS, RESPONSE_PROMISE, RISK_WARNING } from '../figures';

export const COPY = {
  meta: {
    title: `${BRAND.name} | Professional Investment & Financial Services`,
    description: `${BRAND.name} offers wealth management, financial consulting and assets management from Puchong, Malaysia, to clients worldwide. Trusted by ${METRICS[0]!.value} clients since ${BRAND.foundedYear}.`,
  },
  carousel: {
    label: 'Highlights',
    /** Swiper fills in {{index}} and {{slidesLength}}. */
    slideLabel: 'Slide {{index}} of {{slidesLength}}',
    /** What a screen reader calls the region. */
    roleDescription: 'carousel',
    previous: 'Previous slide',
    next: 'Next slide',
    pause: 'Pause the slides',
    play: 'Play the slides',
    goTo: (index: number, title: string) => `Go to slide ${index}: ${title}`,
    /** In the order of slides.ts's images. */
    slides: [
      {
        alt: 'Illustration of a rising path across a chart towards a compass',
        title: 'Strategic Investment Planning',
        subtitle: 'A clear, long-term plan built around your goals, timeline and appetite for risk.',
      },
      {
        alt: 'Illustration of an asset-allocation donut chart beside balanced blocks',
        title: 'Portfolio Management Excellence',
        subtitle: 'Diversified portfolios, disciplined risk management and regular rebalancing.',
      },
      {
        alt: 'Illustration of candlestick and line charts under a magnifying glass',
        title: 'Market Analysis & Research',
        subtitle: 'Decisions grounded in research across equities, currencies and commodities.',
      },
      {
        alt: 'Illustration of a shield bearing a lotus, surrounded by layers of protection',
        title: 'Wealth Preservation Strategies',
        subtitle: 'Protect what you have built with asset protection and estate planning.',
      },
      {
        alt: 'Illustration of an adviser and a client discussing a chart and a document',
        title: 'Financial Consultation',
        subtitle: `Personal advice from experienced consultants, starting with a ${DISCOVERY_CALL}.`,
      },
    ],
  },
  hero: {
    eyebrow: `Trusted by ${METRICS[0]!.value} clients since ${BRAND.foundedYear}`,
    heading: 'Grow, protect and pass on your wealth with confidence',
    lead: 'Wealth management, financial consulting and assets management for individual and corporate investors, in Malaysia and worldwide.',
    primary: 'About Us',
    secondary: 'Our Services',
  },
  metrics: METRICS,
  riskWarning: RISK_WARNING,
  services: {
    heading: 'How we help you invest',
    lead: 'Three disciplines, one team, one plan for your wealth.',
    /** In the order of page-icons.ts's HOME_SERVICE_ICONS. */
    cards: [
      {
        title: 'Portfolio Management',
        description: 'Portfolios built for your goals and kept on course as markets move.',
        features: ['Diversified portfolios', 'Risk management', 'Regular rebalancing'],
      },
      {
        title: 'Investment Strategy',
        description: 'A strategy grounded in research, not in headlines.',
        features: ['Market analysis', 'Asset allocation', 'Performance tracking'],
      },
      {
        title: 'Wealth Management',
        description: 'Protect, grow and pass on what you have built.',
        features: ['Asset protection', 'Tax optimization', 'Estate planning'],
      },
    ],
  },
  testimonials: {
    heading: 'What our clients say',
    lead: 'Individuals and businesses across the region trust us with their future.',
    /** Under a quote: who said it. */
    attribution: (role: string, company: string, location: string) => `${role}, ${company} · ${location}`,
    /** How a rating is read out: "Rated 5 out of 5". */
    rating: (rating: number, max: number) => `Rated ${rating} out of ${max}`,
    /** In the order of testimonials.ts's clients: their role, words and town. */
    items: [
      {
        role: 'Chief Financial Officer',
        content: `${BRAND.name} rebuilt our company reserves into a balanced portfolio and explained every step. Their quarterly reviews are the clearest we have ever had.`,
        location: 'Kuala Lumpur',
      },
      {
        role: 'Founder',
        content:
          'They helped me plan for retirement and for passing the family business on. I finally have one plan that covers both, and I sleep better for it.',
        location: 'Penang',
      },
      {
        role: 'Regional Director',
        content:
          'Working from Singapore, I needed advisers who understand both markets. The team is responsive, transparent about fees, and explains every decision clearly.',
        location: 'Singapore',
      },
    ],
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
  award: {
    title: 'Award-winning wealth advisory',
    description: `${BRAND.name} is honoured to be named ${AWARD.title} ${AWARD.year} for excellence in client service.`,
    presentedBy: `Presented by the ${AWARD.presenter} at its ${AWARD.ceremony} ${AWARD.year}.`,
    imageAlt: 'Gold award medal with a star and laurel wreath',
    close: 'Close',
    closeLabel: 'Close award announcement',
  },
} as const;
