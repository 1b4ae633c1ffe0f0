/**
 * The privacy page in Bahasa Malaysia: the notice in Bahasa Malaysia, and in
 * English beside it, as the Act requires both.
 */
import type { PageCopies } from '../../../../i18n/page-copy';
import { BRAND } from '../../../brand';
import { NOTICE as ENGLISH } from '../../en/privacy-notice';
import { NOTICE as MALAY } from '../privacy-notice';

export const COPY: PageCopies['privacy'] = {
  meta: {
    title: `Notis Perlindungan Data Peribadi | ${BRAND.name}`,
    description: `Cara ${BRAND.name} mengumpulkan, menggunakan, berkongsi dan menyimpan data peribadi yang anda hantar melalui borang hubungan kami, serta cara untuk mengakses atau membetulkannya. Dalam Bahasa Malaysia dan bahasa Inggeris.`,
  },
  eyebrow: 'PDPA 2010',
  /** The versions in the order the page shows them: the page's language first. */
  versions: [MALAY, ENGLISH],
  /** The link down to the second version, in that version's language, for readers who look for it first. */
  jumpToSecond: 'Read in English',
};
