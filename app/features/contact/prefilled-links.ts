/**
 * A waiting enquiry as the firm's e-mail and WhatsApp links, already written
 * out, for a visitor who would rather not wait for the outbox. The visitor's
 * words travel only as URL-encoded query values (encodeURIComponent): never
 * in an address, a header name or markup.
 *
 * No reference is in them: the service draws an enquiry's id, and so its
 * reference, only when it stores it, and a queued enquiry has not reached it
 * yet. The text names the visitor instead, and says the same message may
 * also arrive from the site.
 */
import { BRAND, whatsappDeepLink } from '../../../contract/brand';
import type { Translate } from '../../../contract/i18n';
import type { WaitingEnquiry } from '../../state/outbox-atoms';

export interface PrefilledLinks {
  readonly email: string;
  readonly whatsapp: string;
}

/** RFC 6068: a line break in a mailto body is CRLF. */
function crlf(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

export function prefilledLinks({ firstName, lastName, message }: WaitingEnquiry, t: Translate): PrefilledLinks {
  const name = `${firstName} ${lastName}`;
  const subject = t('outbox.alternatives.subject', { name });
  const body = t('outbox.alternatives.body', { message, name });
  return {
    email: `mailto:${BRAND.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(crlf(body))}`,
    whatsapp: whatsappDeepLink(body),
  };
}
