/**
 * The ways to reach the firm shown on the contact page's four cards, the same
 * in every language; each language's contact copy gives, in this order, each
 * card's title and note (and the office hours' line, worded from office-hours.ts).
 */
import { BRAND } from './brand';

export interface ContactChannel {
  /** An UnoCSS icon class (lucide set). */
  readonly icon: string;
  /** Lines that are facts (a number, an address); absent when the language's copy words them. */
  readonly lines?: readonly string[];
  readonly href?: string;
}

export const CONTACT_CHANNELS: readonly ContactChannel[] = [
  { icon: 'i-lucide-message-circle', lines: [BRAND.phone.display], href: `https://wa.me/${BRAND.phone.whatsappNumber}` },
  { icon: 'i-lucide-mail', lines: [BRAND.email], href: `mailto:${BRAND.email}` },
  { icon: 'i-lucide-map-pin', lines: [BRAND.address.oneLine] },
  { icon: 'i-lucide-clock' },
];
