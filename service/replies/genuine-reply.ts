/**
 * Whether a reference and a check code typed into /verify name a reply the
 * firm sent: the enquiry with that reference, then its replies, each one's
 * stored check code (what the e-mail said) compared with the typed one in
 * constant time. A typed text that cannot be one of ours (another firm's
 * reference, a code of other characters) is "not ours" without a look in the
 * store. Only the reply's time comes back: nothing of the enquiry or the
 * person, and nothing that tells a wrong code from a wrong reference.
 */
import { timingSafeEqual } from 'node:crypto';
import { referencedIdPrefix } from '../../contract/reference';
import { normaliseCheckCode } from '../../contract/reply-check-code';
import type { Store } from '../store-interface';
import { findEnquiry } from '../enquiry-records';

export type ReplyLookup = Pick<Store, 'get' | 'find'>;

function sameCode(stored: string, typed: string): boolean {
  const [a, b] = [Buffer.from(stored), Buffer.from(typed)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** When the reply the two name was stored to be sent (ISO date-time), or null when they name none. */
export async function genuineReplySentAt(store: ReplyLookup, reference: string, typedCode: string): Promise<string | null> {
  const code = normaliseCheckCode(typedCode);
  if (code === null || referencedIdPrefix(reference) === null) return null;
  const enquiry = await findEnquiry(store, reference);
  if (enquiry === null) return null;
  let sentAt: string | null = null;
  for (const message of await store.find('messages', { enquiryId: enquiry.id })) {
    // Every reply is compared, so the time taken does not tell which one (or none) matched.
    const matches = message.kind === 'reply' && message.checkCode !== undefined && sameCode(message.checkCode, code);
    if (matches && sentAt === null) sentAt = message.createdAt;
  }
  return sentAt;
}
