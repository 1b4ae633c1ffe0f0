import { useRef, useState } from 'react';
import {
  CONTACT_ENDPOINT,
  contactAnswerSchema,
  type ContactSubmission,
  IDEMPOTENCY_KEY_HEADER,
} from '../../../contract/contact';
import { ApiError, apiRequest } from '../../lib/api-client';
import { notifyContactFailed, notifyContactSent } from '../../lib/contact-notices';
import { queueSubmission } from '../../lib/outbox-bridge';
import { scrollToTop } from '../../lib/scroll';
import { createSubmissionKeys } from './submission-key';

/** The spec's shape on the wire: the honeypot travels only when something filled it in. */
function toPayload({ website, ...fields }: ContactSubmission): ContactSubmission {
  return website ? { ...fields, website } : fields;
}

async function readAnswerMessage(response: Response): Promise<string | null> {
  const parsed = contactAnswerSchema.safeParse(await response.json().catch(() => null));
  return parsed.success && parsed.data.message ? parsed.data.message : null;
}

/** No answer came back at all (offline, DNS, connection reset): the enquiry is safe to queue. */
function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiError);
}

/**
 * Sends the contact form: idle -> pending -> success (onDelivered resets the
 * form) or failure (values kept). A submit while one is pending is ignored.
 * Without a network the enquiry goes to the offline outbox and the form resets
 * as after a success, since the message is safe.
 */
export function useSubmitContact(onDelivered: () => void) {
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);
  const keys = useRef(createSubmissionKeys());

  async function submit(submission: ContactSubmission): Promise<void> {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    scrollToTop();
    const payload = toPayload(submission);
    const idempotencyKey = keys.current.keyFor(payload);
    try {
      if (!navigator.onLine) throw new TypeError('The browser is offline');
      const response = await apiRequest('POST', CONTACT_ENDPOINT, payload, {
        [IDEMPOTENCY_KEY_HEADER]: idempotencyKey,
      });
      keys.current.settle();
      notifyContactSent(await readAnswerMessage(response));
      onDelivered();
    } catch (error) {
      if (isNetworkFailure(error) && (await queueSubmission(payload, idempotencyKey))) {
        keys.current.settle();
        onDelivered();
        return;
      }
      notifyContactFailed(error instanceof Error ? error.message : null);
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  return { pending, submit };
}
