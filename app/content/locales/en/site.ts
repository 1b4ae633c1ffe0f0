/**
 * The English words of what every page shows around its content: the
 * header, the menu, the footer, the cookie banner, the WhatsApp button, the
 * notifications' frame, the loading screen, the 404 page and the language
 * switcher. The source copy: every other language's site.ts has this shape
 * (Translation<typeof SITE>). Facts (names, numbers, addresses) come from
 * brand.ts, never retyped here.
 */
import { BRAND } from '../../brand';

export const SITE = {
  brand: {
    tagline: 'Wealth management & financial consultation',
    blurb: `${BRAND.name} is a Malaysian wealth-management and financial-consultation firm. Since ${BRAND.foundedYear} we have helped individual and corporate investors worldwide grow, protect and pass on their wealth.`,
    /** The firm's licence, on the footer's legal line, the portfolio page and the terms. */
    licenceStatus: `Holder of a Capital Markets Services Licence for fund management and investment advice, licence no. ${BRAND.legalIdentity.licenceNumber}, issued by the Securities Commission Malaysia`,
    country: 'Malaysia',
  },
  skipLink: 'Skip to main content',
  nav: {
    label: 'Main',
    home: 'Home',
    about: 'About Us',
    services: 'Services',
    portfolio: 'Track Records',
    contact: 'Contact',
  },
  login: { label: 'Login', newTab: '(opens in a new tab)' },
  menu: { open: 'Open menu', close: 'Close menu', title: 'Menu', description: 'Site navigation' },
  language: {
    /** The switcher's label, read before the list of languages. */
    label: 'Language',
    /** Read after a language's name when it is the page's own. */
    /** The offer's close button, in the page's language. */
    dismiss: 'Keep this language',
  },
  footer: {
    label: 'Footer',
    quickLinksHeading: 'Quick links',
    legalHeading: 'Legal',
    contactHeading: 'Contact',
    followHeading: 'Follow us',
    /** After the firm's legal name on the footer's legal line: its company number and its licence. */
    identity: (registration: string, licence: string) => ` (Company no. ${registration}). ${licence}.`,
    /** Shown after the legal line while brand.ts holds sample values (BRAND.legalIdentity.sample). */
    sampleNote: 'Sample company details, for demonstration only.',
    socialLink: (network: string) => `${BRAND.name} on ${network} (opens in a new tab)`,
    rights: `© ${BRAND.copyrightYear} ${BRAND.name}. All rights reserved.`,
  },
  legalLinks: { privacy: 'Privacy Notice', terms: 'Terms of Use' },
  /** The footer's line on every page and the contact page's block, both leading to the page on recognising the firm. */
  verify: { question: `Is this really ${BRAND.name}?`, link: 'How to recognise us and check our licence' },
  cookieBanner: {
    label: 'Cookie consent',
    heading: 'We value your privacy',
    text: 'We use no tracking or advertising cookies. Your browser keeps only what the site needs: your choices here, such as your language, and any message waiting to be sent.',
    link: 'Read our privacy notice',
    accept: 'Accept All',
    decline: 'Decline',
    closeTooltip: 'Close',
    close: 'Close cookie banner',
  },
  whatsapp: {
    greeting: `Hello ${BRAND.name}, I'd like to learn more about your wealth planning, portfolio management and financial growth strategies. My name is [Your Name].`,
    open: 'Chat with us on WhatsApp (opens in a new tab)',
    hide: 'Hide WhatsApp button',
  },
  /** The notifications' area, read out by screen readers; Radix puts the shortcut (F8) for {hotkey}. */
  notifications: { region: 'Notifications ({hotkey})', label: 'Notification', close: 'Close notification' },
  loading: {
    label: 'Loading',
    /** The loading screen's counter; `{progress}` is replaced by the number. */
    progress: 'Loading... {progress}%',
  },
  notFound: {
    title: `404 Page Not Found | ${BRAND.name}`,
    description: 'The page you were looking for does not exist.',
    heading: '404 Page Not Found',
    text: 'Did you forget to add the page to the router?',
    homeLink: 'Back to the home page',
  },
  shareImageAlt: `${BRAND.name}: Wealth management & financial consultation`,
} as const;
