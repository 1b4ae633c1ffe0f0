/**
 * What search engines and link previews read besides each page's own title
 * and description (in its language's copy): the share image, and the firm as
 * structured data (JSON-LD).
 */
import { LOCALES, type Locale } from '../../contract/locales';
import { BRAND } from './brand';
import { OFFICE_HOURS } from './office-hours';

/** The link-preview image: app/assets/images/og-share.svg rendered to PNG at build (social sites take no SVG). */
export const SHARE_IMAGE = {
  path: '/og-share.png',
  width: 1200,
  height: 630,
  type: 'image/png',
} as const;

const SCHEMA_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const schemaTime = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The office hours as schema.org wants them. */
export const OPENING_HOURS = {
  dayOfWeek: SCHEMA_DAYS.slice(OFFICE_HOURS.firstDay - 1, OFFICE_HOURS.lastDay),
  opens: schemaTime(OFFICE_HOURS.opens),
  closes: schemaTime(OFFICE_HOURS.closes),
};

/** `siteUrl` has no trailing slash (config/site-url.mjs); the home page's URL keeps its slash. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl}${path}`;
}

/** The firm as a schema.org FinancialService, for the JSON-LD block on every page, in the page's language. */
export function financialServiceJsonLd(siteUrl: string, locale: Locale, description: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FinancialService',
    inLanguage: LOCALES[locale].htmlLang,
    '@id': absoluteUrl(siteUrl, '/#organization'),
    name: BRAND.name,
    legalName: BRAND.legalName,
    description,
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
