/**
 * Idempotency keys for contact forms that the browser sent itself. Such a post
 * carries no Idempotency-Key (the form is a prerendered file, the same for
 * every visitor, so it cannot hold one of its own), yet it is sent twice often
 * enough: a double click, a reload of the confirmation ("resubmit the form?"),
 * Back and Send again. So the service gives it one: the same enquiry within a
 * short window gets the key of the first, and the store, which already answers
 * a known key with its first record, stores it once.
 *
 * Only for a short window, because the same words sent again next week are a
 * new enquiry (a visitor who had no answer yet), not a double submit.
 *
 * The key is an HMAC of the enquiry and the ten-minute period it arrives in,
 * keyed by the deployment's secret (kept by the store), so every instance on
 * one database, and a restarted service, give a double submit the same key,
 * and nobody without the secret can foretell it: someone who knows a
 * visitor's words can neither take the key first (the visitor would get 422)
 * nor look for it. It is a version 8 UUID, which the service never accepts
 * from a client. Each instance also remembers the keys it gave for ten
 * minutes from the first post, so that on one instance a double submit across
 * a period's edge is caught too; only one that crosses an edge and reaches two
 * instances is stored twice.
 */
import { createHmac } from 'node:crypto';
import type { ContactSubmission } from '../../contract/contact';
import { uuidFromBytes } from '../../contract/uuid';
import { fingerprintOf } from '../store-rules';

/** Ten minutes: covers a double click, a reload and a Back-and-resend; much shorter than a real follow-up. */
export const DOUBLE_SUBMIT_WINDOW_MS = 10 * 60_000;

/**
 * A UUID (the store keeps keys as UUIDs) named by the client, the enquiry (by
 * the store's own fingerprint: a key reused for other content would be refused
 * as a conflict) and the period. With the client in it, someone who knows a
 * visitor's words and posts them from elsewhere gets another key: a new
 * enquiry, never the visitor's first answer, which would tell them the words
 * were sent.
 */
function periodKey(secret: Buffer, postedBy: string, period: number): string {
  return uuidFromBytes(createHmac('sha256', secret).update(`${postedBy}:${period}`).digest(), 8);
}

export interface FormPostKeysOptions {
  /** The deployment's secret: Store.deploymentSecret. */
  secret: () => Promise<Buffer>;
  windowMs?: number;
  now?: () => number;
}

export function createFormPostKeys({ secret, windowMs = DOUBLE_SUBMIT_WINDOW_MS, now = Date.now }: FormPostKeysOptions) {
  // By client and fingerprint, in the order first seen, so that expired entries sit at the front.
  const recent = new Map<string, { key: string; firstSeen: number }>();

  function forgetExpired(time: number): void {
    for (const [fingerprint, entry] of recent) {
      if (time - entry.firstSeen < windowMs) return;
      recent.delete(fingerprint);
    }
  }

  return {
    /**
     * The key for this (validated) enquiry from this client (its rate-limit
     * key): the first one's while the window lasts, a new one otherwise.
     */
    async keyFor(submission: ContactSubmission, client: string): Promise<string> {
      const bytes = await secret();
      const time = now();
      forgetExpired(time);
      const postedBy = `${client}:${fingerprintOf(submission)}`;
      const known = recent.get(postedBy);
      if (known) return known.key;
      const key = periodKey(bytes, postedBy, Math.floor(time / windowMs));
      recent.set(postedBy, { key, firstSeen: time });
      return key;
    },
  };
}
