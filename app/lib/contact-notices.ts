/**
 * The two notifications of a contact submission (spec section 8), shown the
 * same way whether the answer came to the form or to the offline outbox, in
 * the page's language. Callers have loaded the messages (loadMessages).
 */
import { messages } from '../i18n/active-locale';
import { notify } from './notify';

/** 'Message Sent!' with the service's message, or the spec's fallback. */
export function notifyContactSent(message: string | null): void {
  const t = messages();
  notify({ title: t('notice.sent.title'), description: message || t('notice.sent.fallback') });
}

/** A destructive 'Error' with the error's message, or the spec's fallback. */
export function notifyContactFailed(message: string | null): void {
  const t = messages();
  notify({ variant: 'destructive', title: t('notice.error.title'), description: message || t('notice.error.fallback') });
}
