/**
 * Every brand fact in one place: a rebrand touches this file (and the colours
 * in ./brand-colours.ts), never a component. In contract/ because the page
 * and the service both say them: the site, and the e-mail that acknowledges
 * an enquiry.
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
   * them and set `sample` to false before going live (docs/going-live.md).
   */
  legalIdentity: {
    sample: true,
    registrationNumber: '201801012345 (1271234-A)',
    /** The Securities Commission licence; each language's site.ts says what it is. */
    licenceNumber: 'eCMSL/A0123/2018',
  },
  /**
   * Whom a visitor writes to about their personal data (the PDPA notice names
   * them). SAMPLE VALUES, like legalIdentity: replace before going live.
   */
  dataProtectionContact: {
    email: 'privacy@teratai-wealth.example',
    phone: '+60 3-8000 1234',
  },
  /**
   * Where an investor checks a firm and complains in Malaysia, as the /verify
   * page gives them. Real public addresses, not samples: keep them current.
   */
  investorProtection: {
    /**
     * The Securities Commission Malaysia's list of the entities it licenses.
     * The list's own address could not be confirmed, so this is the SC's home
     * page, which leads to it; replace it with the list's address once checked.
     */
    licensedEntitiesUrl: 'https://www.sc.com.my',
    /** The SC's Investor Alert List of unlicensed entities and scams. */
    investorAlertListUrl: 'https://www.sc.com.my/investor-alert-list',
    /** The SC's complaints channel for investors (its Investor Affairs and Complaints Department). */
    regulatorComplaints: { phone: '+60 3-6204 8999', email: 'aduan@seccom.com.my' },
    /** The National Scam Response Centre's hotline, for money already sent to a scammer. */
    scamResponseLine: '997',
    /** The Securities Industry Dispute Resolution Center: investors' monetary disputes with its member firms. */
    disputeResolutionUrl: 'https://sidrec.com.my',
  },
  foundedYear: 2018,
  copyrightYear: 2025,
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
} as const;

/** A WhatsApp chat with the firm, opened with `greeting` typed in. */
export function whatsappDeepLink(greeting: string): string {
  return `https://wa.me/${BRAND.phone.whatsappNumber}?text=${encodeURIComponent(greeting)}`;
}
