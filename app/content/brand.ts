/**
 * Every brand fact in one place: a rebrand touches this file (and the colour
 * tokens in uno.config.ts), never a component.
 */
export const BRAND = {
  name: 'Teratai Wealth',
  /** The name under the installed app's icon. */
  appShortName: 'Teratai',
  legalName: 'Teratai Wealth Sdn. Bhd.',
  /**
   * The firm's legal identity, shown in the footer. SAMPLE VALUES: the brand is
   * fictional, so these are made up in the real formats (SSM's 12-digit number
   * with the old number in brackets; a Securities Commission licence). Replace
   * them and set `sample` to false before going live (README, going-live checklist).
   */
  legalIdentity: {
    sample: true,
    registrationNumber: '201801012345 (1271234-A)',
    licenceStatus:
      'Holder of a Capital Markets Services Licence for fund management and investment advice, licence no. eCMSL/A0123/2018, issued by the Securities Commission Malaysia',
    /** Where the firm may offer its services (the terms of use name them). */
    servicesOfferedIn: 'Malaysia',
  },
  /**
   * Whom a visitor writes to about their personal data (the PDPA notice names
   * them). SAMPLE VALUES, like legalIdentity: replace before going live.
   */
  dataProtectionContact: {
    designation: { en: 'Data Protection Officer', ms: 'Pegawai Perlindungan Data' },
    email: 'privacy@teratai-wealth.example',
    phone: '+60 3-8000 1234',
  },
  tagline: 'Wealth management & financial consultation',
  foundedYear: 2018,
  copyrightYear: 2025,
  blurb:
    'Teratai Wealth is a Malaysian wealth-management and financial-consultation firm. Since 2018 we have helped individual and corporate investors worldwide grow, protect and pass on their wealth.',
  email: 'hello@teratai-wealth.example',
  phone: {
    display: '+60 12-345 6789',
    /** International format without '+' or spaces, as wa.me deep links want it. */
    whatsappNumber: '60123456789',
  },
  address: {
    street: 'Jalan Puchong',
    postcode: '47100',
    city: 'Puchong',
    state: 'Selangor',
    country: 'Malaysia',
    oneLine: 'Jalan Puchong, 47100 Puchong, Selangor, Malaysia',
  },
  loginUrl: 'https://portal.teratai-wealth.example/login',
  social: {
    facebook: 'https://www.facebook.com/terataiwealth.example',
    instagram: 'https://www.instagram.com/terataiwealth.example',
  },
  whatsappGreeting:
    "Hello Teratai Wealth, I'd like to learn more about your wealth planning, portfolio management and financial growth strategies. My name is [Your Name].",
  colours: { theme: '#0b2530', background: '#f7f5f0' },
} as const;

export function whatsappDeepLink(): string {
  return `https://wa.me/${BRAND.phone.whatsappNumber}?text=${encodeURIComponent(BRAND.whatsappGreeting)}`;
}

/** Document title for a page: 'Page | Brand'. */
export function pageTitle(page: string): string {
  return `${page} | ${BRAND.name}`;
}
