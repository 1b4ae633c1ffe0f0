/**
 * The two notifications of a contact submission (spec section 8), shown the
 * same way whether the answer came to the form or to the offline outbox.
 */
import { CONTACT_NOTICES } from '../content/contact';
import { notify } from './notify';

/** 'Message Sent!' with the service's message, or the spec's fallback. */
export function notifyContactSent(message: string | null): void {
  notify({ title: CONTACT_NOTICES.successTitle, description: message || CONTACT_NOTICES.successFallback });
}

/** A destructive 'Error' with the error's message, or the spec's fallback. */
export function notifyContactFailed(message: string | null): void {
  notify({ variant: 'destructive', title: CONTACT_NOTICES.errorTitle, description: message || CONTACT_NOTICES.errorFallback });
}
