import { useRef, useState } from 'react';
import type { ContactSubmission } from '../../../contract/contact';
import { deliverContact, type DeliveryOutcome } from '../../../contract/contact-delivery';
import { notifyContactFailed, notifyContactSent } from '../../lib/contact-notices';
import { solveLazily } from '../../lib/lazy-challenge-solver';
import { queueSubmission } from '../../lib/outbox-bridge';
import { scrollToTop } from '../../lib/scroll';
import { createSubmissionKeys } from './submission-key';

/** The spec's shape on the wire: the honeypot travels only when something filled it in. */
function toPayload({ website, ...fields }: ContactSubmission): ContactSubmission {
  return website ? { ...fields, website } : fields;
}

/** How long a send (the anti-spam check included) goes unremarked; past it, the form says it is still under way. */
export const SLOW_SEND_MS = 1_000;

/** Without a network there is nothing to wait for: straight to the outbox. */
const OFFLINE: DeliveryOutcome = { kind: 'retry', reason: 'The browser is offline' };

/**
 * Sends the contact form: idle -> pending -> success (onDelivered resets the
 * form) or failure (values kept). A submit while one is pending is ignored.
 * `sendingSlowly` turns true once a send has been pending for SLOW_SEND_MS.
 * What contract/contact-delivery.ts calls "retry" (no network, no answer in
 * time, an answer that is not the service's) goes to the offline outbox and
 * the form resets as after a success, since the message is safe.
 */
export function useSubmitContact(onDelivered: () => void) {
  const [pending, setPending] = useState(false);
  const [sendingSlowly, setSendingSlowly] = useState(false);
  const inFlight = useRef(false);
  const keys = useRef(createSubmissionKeys());

  async function settle(payload: ContactSubmission, idempotencyKey: string, outcome: DeliveryOutcome): Promise<void> {
    if (outcome.kind === 'delivered') {
      keys.current.settle();
      notifyContactSent(outcome.message);
      onDelivered();
    } else if (outcome.kind === 'rejected') {
      notifyContactFailed(outcome.message);
    } else if (outcome.tooMany) {
      // The service's sentence ("try again in a minute"), the values kept: not the offline queue's promise.
      notifyContactFailed(outcome.reason);
    } else if (await queueSubmission(payload, idempotencyKey)) {
      keys.current.settle();
      onDelivered();
    } else {
      notifyContactFailed(outcome.reason);
    }
  }

  async function submit(submission: ContactSubmission): Promise<void> {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    scrollToTop();
    const payload = toPayload(submission);
    const idempotencyKey = keys.current.keyFor(payload);
    const slow = setTimeout(() => setSendingSlowly(true), SLOW_SEND_MS);
    try {
      const outcome = navigator.onLine ? await deliverContact(payload, idempotencyKey, { solve: solveLazily }) : OFFLINE;
      await settle(payload, idempotencyKey, outcome);
    } finally {
      clearTimeout(slow);
      inFlight.current = false;
      setPending(false);
      setSendingSlowly(false);
    }
  }

  return { pending, sendingSlowly, submit };
}
