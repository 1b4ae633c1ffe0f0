/** The contact page in English: the source copy (see ../site.ts). The form's words are in contract/messages/en.ts. */
import { BRAND } from '../../../brand';
import { DISCOVERY_CALL, OFFICE_HOURS_LINE, RESPONSE_PROMISE } from '../figures';

/** One of the contact page's four cards in words; contact-channels.ts has its facts. */
export interface InfoCard {
  readonly title: string;
  readonly note: string;
  /** The lines of a card whose content is words (the office hours). */
  readonly lines?: readonly string[];
}

export const COPY = {
  meta: {
    title: `Contact Us | ${BRAND.name}`,
    description: `Contact ${BRAND.name} by WhatsApp, e-mail or at our office in Puchong, Selangor. ${RESPONSE_PROMISE}; start with a free ${DISCOVERY_CALL}.`,
  },
  hero: {
    eyebrow: 'Get In Touch',
    heading: 'Contact Our Team',
    lead: `Ready to start your wealth management journey? Send us a message and a consultant will get back to you to arrange your free ${DISCOVERY_CALL}.`,
    jumpToForm: 'Write to us',
  },
  /** In the order of contact-channels.ts: each card's title and note, and the hours' line. */
  infoCards: [
    {
      title: 'WhatsApp',
      note: 'Fast response guaranteed',
    },
    {
      title: 'Email',
      note: RESPONSE_PROMISE,
    },
    {
      title: 'Visit Our Office',
      note: 'By appointment only',
    },
    {
      title: 'Business Hours',
      lines: [OFFICE_HOURS_LINE],
      note: 'Weekend consultations available',
    },
  ] as readonly InfoCard[],
  /** The block under the cards: what the firm never asks, above the link to the page on recognising it (SITE.verify). */
  verifyNote:
    'We never ask for passwords or one-time codes, never ask you to pay into a personal bank account, and never move a conversation to another number.',
  detailsLabel: 'Contact details and form',
} as const;
