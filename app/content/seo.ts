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

/**
 * The JSON-LD block on every page, in the page's language: the firm as a
 * schema.org FinancialService, and the page as a WebPage that names the firm
 * as its publisher. The language belongs to the page (schema.org defines
 * `inLanguage` on creative works, not on organisations). `pagePath` is the
 * page's canonical path, or null for a 404 page, which has no address of its own.
 */
export function siteJsonLd(siteUrl: string, locale: Locale, description: string, pagePath: string | null) {
  const organizationId = absoluteUrl(siteUrl, '/#organization');
  const pageUrl = pagePath === null ? null : absoluteUrl(siteUrl, pagePath);
  return {
    '@context': 'https://schema.org',
    '@graph': [
      financialService(siteUrl, organizationId, description),
      {
        '@type': 'WebPage',
        ...(pageUrl === null ? {} : { '@id': `${pageUrl}#webpage`, url: pageUrl }),
        inLanguage: LOCALES[locale].htmlLang,
        publisher: { '@id': organizationId },
      },
    ],
  };
}

function financialService(siteUrl: string, id: string, description: string) {
  return {
    '@type': 'FinancialService',
    '@id': id,
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
