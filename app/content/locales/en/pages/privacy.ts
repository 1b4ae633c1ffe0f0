/**
 * The privacy page in English: the notice in English, and in Bahasa Malaysia
 * beside it, as the Act requires both.
 */
import { BRAND } from '../../../brand';
import { NOTICE as MALAY } from '../../ms/privacy-notice';
import { NOTICE as ENGLISH } from '../privacy-notice';

export const COPY = {
  meta: {
    title: `Personal Data Protection Notice | ${BRAND.name}`,
    description: `How ${BRAND.name} collects, uses, shares and keeps the personal data you send through our contact form, and how to access or correct it. In English and Bahasa Malaysia.`,
  },
  eyebrow: 'PDPA 2010',
  /** The versions in the order the page shows them: the page's language first. */
  versions: [ENGLISH, MALAY],
  /** The link down to the second version, in that version's language, for readers who look for it first. */
  jumpToSecond: 'Baca dalam Bahasa Malaysia',
} as const;
