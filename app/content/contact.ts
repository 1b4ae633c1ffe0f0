import { CONTACT_FORM_COPY } from '../../contract/contact-copy';
import { BRAND, pageTitle } from './brand';
import { RESPONSE_PROMISE } from './figures';

export { CONTACT_FIELDS, CONTACT_NOTICES } from '../../contract/contact-copy';

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
  form: CONTACT_FORM_COPY,
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

/** Shown when a submission is kept for later (decisions.md, "Offline"). */
export const OFFLINE_NOTICE = {
  title: "You're offline, message saved",
  description: "We'll send it automatically as soon as you're back online.",
} as const;

/** The contact page's line while enquiries wait in the outbox; nothing shows when none do. */
export function outboxWaitingText(count: number): string {
  return count === 1
    ? '1 message is waiting to be sent. It will go automatically as soon as the connection allows: no need to send it again.'
    : `${count} messages are waiting to be sent. They will go automatically as soon as the connection allows: no need to send them again.`;
}

export const UPDATE_NOTICE = {
  title: 'A new version of this site is ready',
  description: 'Reload to start using it. Anything you are typing stays until you choose to reload.',
  action: 'Reload',
  actionAltText: 'Reload the page to use the new version',
} as const;
