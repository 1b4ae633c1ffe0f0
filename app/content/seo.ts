/**
 * What search engines and link previews read: each page's title, description
 * and address, the share image, and the firm as structured data (JSON-LD).
 * The copy itself stays in pages.ts / contact.ts; this module only picks it up.
 */
import { ROUTE_PATHS, type RouteKey, type RoutePath } from '../../contract/routes';
import { BRAND } from './brand';
import { CONTACT_COPY } from './contact';
import { PRIVACY_PAGE_COPY, TERMS_PAGE_COPY } from './legal';
import { ABOUT_COPY, HOME_COPY, NOT_FOUND_COPY, PORTFOLIO_COPY, SERVICES_COPY } from './pages';

export type PageKey = RouteKey | 'notFound';

export interface PageMetaData {
  readonly title: string;
  readonly description: string;
  /** The route's path, for its canonical URL; null for the 404 page, which is not indexed. */
  readonly path: RoutePath | null;
}

export const PAGE_META: Readonly<Record<PageKey, PageMetaData>> = {
  home: { title: HOME_COPY.title, description: HOME_COPY.description, path: ROUTE_PATHS.home },
  about: { title: ABOUT_COPY.title, description: ABOUT_COPY.description, path: ROUTE_PATHS.about },
  services: { title: SERVICES_COPY.title, description: SERVICES_COPY.description, path: ROUTE_PATHS.services },
  portfolio: { title: PORTFOLIO_COPY.title, description: PORTFOLIO_COPY.description, path: ROUTE_PATHS.portfolio },
  contact: { title: CONTACT_COPY.title, description: CONTACT_COPY.description, path: ROUTE_PATHS.contact },
  privacy: { title: PRIVACY_PAGE_COPY.title, description: PRIVACY_PAGE_COPY.description, path: ROUTE_PATHS.privacy },
  terms: { title: TERMS_PAGE_COPY.title, description: TERMS_PAGE_COPY.description, path: ROUTE_PATHS.terms },
  notFound: { title: NOT_FOUND_COPY.title, description: NOT_FOUND_COPY.description, path: null },
};

/** The link-preview image: app/assets/images/og-share.svg rendered to PNG at build (social sites take no SVG). */
export const SHARE_IMAGE = {
  path: '/og-share.png',
  width: 1200,
  height: 630,
  type: 'image/png',
  alt: `${BRAND.name}: ${BRAND.tagline}`,
} as const;

/** Open Graph locale of the site's language (lang="en-MY"). */
export const OG_LOCALE = 'en_MY';

/**
 * Office hours as schema.org wants them; the same hours the contact page shows
 * as 'Mon - Fri: 9 AM - 6 PM' (content/contact.ts).
 */
export const OPENING_HOURS = {
  dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  opens: '09:00',
  closes: '18:00',
} as const;

/** `siteUrl` has no trailing slash (config/site-url.ts); the home page's URL keeps its slash. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl}${path}`;
}

/** The firm as a schema.org FinancialService, for the JSON-LD block on every page. */
export function financialServiceJsonLd(siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FinancialService',
    '@id': absoluteUrl(siteUrl, '/#organization'),
    name: BRAND.name,
    legalName: BRAND.legalName,
    description: BRAND.blurb,
    url: absoluteUrl(siteUrl, '/'),
    logo: absoluteUrl(siteUrl, '/icons/pwa-512x512.png'),
    image: absoluteUrl(siteUrl, SHARE_IMAGE.path),
    email: BRAND.email,
    telephone: BRAND.phone.display,
    foundingDate: String(BRAND.foundedYear),
    areaServed: 'Worldwide',
    address: {
      '@type': 'PostalAddress',
      streetAddress: BRAND.address.street,
      postalCode: BRAND.address.postcode,
      addressLocality: BRAND.address.city,
      addressRegion: BRAND.address.state,
      addressCountry: 'MY',
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email: BRAND.email,
      telephone: BRAND.phone.display,
    },
    openingHoursSpecification: [{ '@type': 'OpeningHoursSpecification', ...OPENING_HOURS }],
    sameAs: [BRAND.social.facebook, BRAND.social.instagram],
  };
}
