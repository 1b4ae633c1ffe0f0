/**
 * The legal pages' shared words: their titles, the links to them (footer,
 * cookie banner, contact form) and the retention period the privacy notice
 * promises. The notice and the terms themselves are long, so they live in
 * content/legal-pages/ and load with their own page, not with every page.
 */
import { DEFAULT_RETENTION_DAYS } from '../../contract/retention';
import { ROUTE_PATHS, type RoutePath } from '../../contract/routes';
import { BRAND, pageTitle } from './brand';

/** How long an enquiry is kept, in days, before it is deleted: the privacy notice promises this number. */
export const RETENTION_DAYS = DEFAULT_RETENTION_DAYS;

/** The date the notice and the terms were last changed, as printed on them. */
export const LEGAL_LAST_UPDATED = { en: '23 November 2026', ms: '23 November 2026' } as const;

export interface LegalLink {
  readonly to: RoutePath;
  readonly label: string;
}

export const LEGAL_LINKS: readonly LegalLink[] = [
  { to: ROUTE_PATHS.privacy, label: 'Privacy Notice' },
  { to: ROUTE_PATHS.terms, label: 'Terms of Use' },
];

export const LEGAL_COPY = {
  footerHeading: 'Legal',
  /** The one line beside the contact form's Send button. */
  formConsent: {
    before: 'By sending this form you confirm that you have read our',
    link: 'Personal Data Protection Notice',
    newTab: '(opens in a new tab)',
  },
  cookieBannerLink: 'Read our privacy notice',
} as const;

/** The labels of the privacy contact's details, in each language of the notice. */
export const PRIVACY_CONTACT_LABELS = {
  en: { email: 'E-mail', phone: 'Phone', address: 'Address' },
  ms: { email: 'E-mel', phone: 'Telefon', address: 'Alamat' },
} as const;

/** A paragraph, or (as an array) a bulleted list, or the privacy contact's details. */
export type LegalBlock = string | readonly string[] | { readonly kind: 'privacy-contact' };

export interface LegalSection {
  readonly heading: string;
  readonly body: readonly LegalBlock[];
}

export const PRIVACY_PAGE_COPY = {
  title: pageTitle('Personal Data Protection Notice'),
  description:
    `How ${BRAND.name} collects, uses, shares and keeps the personal data you send through our contact form, and how to access or correct it. In English and Bahasa Malaysia.`,
} as const;

export const TERMS_PAGE_COPY = {
  title: pageTitle('Terms of Use and Disclaimer'),
  description:
    `The terms of use of the ${BRAND.name} website: general information, not personal advice; where our services are offered; past performance and risk.`,
} as const;
