import { BRAND, pageTitle } from './brand';
import { RESPONSE_PROMISE } from './figures';

export const CONTACT_COPY = {
  title: pageTitle('Contact Us'),
  description:
    'Contact Teratai Wealth by WhatsApp, e-mail or at our office in Puchong, Selangor. Response within 24 hours; start with a free 30-minute discovery call.',
  hero: {
    eyebrow: 'Get In Touch',
    heading: 'Contact Our Team',
    lead: 'Ready to start your wealth management journey? Send us a message and a consultant will get back to you to arrange your free 30-minute discovery call.',
    jumpToForm: 'Write to us',
  },
} as const;

export interface InfoCard {
  readonly icon: string;
  readonly title: string;
  readonly lines: readonly string[];
  readonly note: string;
  readonly href?: string;
}

export const CONTACT_INFO_CARDS: readonly InfoCard[] = [
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
];
