/**
 * The contact form's words that the page and the service both show: the page
 * in its form and notifications, the service in the pages it answers to a
 * form sent without JavaScript. One copy, so the two never drift apart.
 * app/content/contact.ts re-exports them with the rest of the page's copy.
 */

/** The form's fields, in the spec's order, with their labels and placeholders. */
export const CONTACT_FIELDS = {
  firstName: { label: 'First Name', placeholder: 'Ahmad', autoComplete: 'given-name' },
  lastName: { label: 'Last Name', placeholder: 'Ismail', autoComplete: 'family-name' },
  email: { label: 'Email Address', placeholder: 'you@example.com', autoComplete: 'email' },
  phone: { label: 'WhatsApp Number', placeholder: '+60 12-345 6789', autoComplete: 'tel' },
  message: { label: 'Message', placeholder: 'Tell us about your goal & How we can help...', autoComplete: 'off' },
} as const;

export const CONTACT_FORM_COPY = {
  heading: 'Get Started Today',
  lead: 'Fields marked * are required.',
  submit: 'Send Message',
  pending: 'Sending...',
} as const;

/** The notifications of a submission (spec section 8). */
export const CONTACT_NOTICES = {
  successTitle: 'Message Sent!',
  successFallback: 'Thank you for your message! We will contact you soon.',
  errorTitle: 'Error',
  errorFallback: 'Failed to send message. Please try again.',
} as const;
