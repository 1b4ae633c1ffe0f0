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
  },
  form: {
    heading: 'Get Started Today',
    lead: 'Fields marked * are required.',
    submit: 'Send Message',
    pending: 'Sending...',
    noScript: `Sending this form needs JavaScript, which is off in your browser. E-mail us at ${BRAND.email} instead.`,
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

/** The form's fields, in the spec's order, with their labels and placeholders. */
export const CONTACT_FIELDS = {
  firstName: { label: 'First Name', placeholder: 'Ahmad', autoComplete: 'given-name' },
  lastName: { label: 'Last Name', placeholder: 'Ismail', autoComplete: 'family-name' },
  email: { label: 'Email Address', placeholder: 'you@example.com', autoComplete: 'email' },
  phone: { label: 'WhatsApp Number', placeholder: '+60 12-345 6789', autoComplete: 'tel' },
  message: { label: 'Message', placeholder: 'Tell us about your goal & How we can help...', autoComplete: 'off' },
} as const;

/** The notifications of a submission (spec section 8). */
export const CONTACT_NOTICES = {
  successTitle: 'Message Sent!',
  successFallback: 'Thank you for your message! We will contact you soon.',
  errorTitle: 'Error',
  errorFallback: 'Failed to send message. Please try again.',
} as const;

/** Shown when a submission is kept for later (decisions.md, "Offline"). */
export const OFFLINE_NOTICE = {
  title: "You're offline, message saved",
  description: "We'll send it automatically as soon as you're back online.",
} as const;

export const UPDATE_NOTICE = {
  title: 'A new version of this site is ready',
  description: 'Reload to start using it. Anything you are typing stays until you choose to reload.',
  action: 'Reload',
  actionAltText: 'Reload the page to use the new version',
} as const;
