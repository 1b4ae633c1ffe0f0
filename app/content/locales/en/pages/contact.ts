/** The contact page in English: the source copy (see ../site.ts). The form's words are in contract/messages/en.ts. */
import { BRAND } from '../../../brand';
import { DISCOVERY_CALL, RESPONSE_PROMISE } from '../figures';

/** One of the contact page's four cards: how to reach the firm. */
export interface InfoCard {
  readonly icon: string;
  readonly title: string;
  readonly lines: readonly string[];
  readonly note: string;
  readonly href?: string;
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
  infoCards: [
    {
      icon: 'i-lucide-message-circle',
      title: 'WhatsApp',
      lines: [BRAND.phone.display],
      note: 'Fast response guaranteed',
      href: `https://wa.me/${BRAND.phone.whatsappNumber}`,
    },
    {
      icon: 'i-lucide-mail',
      title: 'Email',
      lines: [BRAND.email],
      note: RESPONSE_PROMISE,
      href: `mailto:${BRAND.email}`,
    },
    {
      icon: 'i-lucide-map-pin',
      title: 'Visit Our Office',
      lines: [BRAND.address.oneLine],
      note: 'By appointment only',
    },
    {
      icon: 'i-lucide-clock',
      title: 'Business Hours',
      lines: ['Mon - Fri: 9 AM - 6 PM'],
      note: 'Weekend consultations available',
    },
  ] as readonly InfoCard[],
  detailsLabel: 'Contact details and form',
} as const;
