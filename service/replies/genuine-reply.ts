/**
 * Whether a reference and a check code typed into /verify name a reply the
 * firm sent: the enquiry with that reference, then its replies that were sent
 * (their hash is on record), each one's stored check code (what the e-mail
 * said) compared with the typed one in constant time, then when the outbox
 * sent the one that matches. A typed text that cannot be one of ours (another
 * firm's reference, a code of other characters) is "not ours" without a look
 * in the store; any other makes the same three look-ups whether or not the
 * reference or the code names anything. Only the reply's time comes back:
 * nothing of the enquiry or the person, and nothing that tells a wrong code
 * from a wrong reference.
 */
import { timingSafeEqual } from 'node:crypto';
import { referencedIdPrefix } from '../../contract/reference';
import { normaliseCheckCode } from '../../contract/reply-check-code';
import type { MessageRecord } from '../records';
import type { Store } from '../store-interface';
import { findEnquiry } from '../enquiry-records';

export type ReplyLookup = Pick<Store, 'get' | 'find'>;

/** An id no record has: what the look-ups are made with when there is nothing to look up. */
const NO_RECORD = '00000000-0000-4000-8000-000000000000';

function sameCode(stored: string, typed: string): boolean {
  const [a, b] = [Buffer.from(stored), Buffer.from(typed)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The sent reply with this code, if any; every reply is compared, so the time taken does not tell which one (or none) matched. */
function sentReplyWithCode(thread: readonly MessageRecord[], code: string): MessageRecord | null {
  let found: MessageRecord | null = null;
  for (const message of thread) {
    const matches = message.kind === 'reply' && message.checkCode !== undefined && sameCode(message.checkCode, code);
    if (matches && message.sha256 !== undefined && found === null) found = message;
  }
  return found;
}

/** When the reply the two name was sent (ISO date-time; when it was stored, if the outbox's record of it is gone), or null when they name none. */
export async function genuineReplySentAt(store: ReplyLookup, reference: string, typedCode: string): Promise<string | null> {
  const code = normaliseCheckCode(typedCode);
  if (code === null || referencedIdPrefix(reference) === null) return null;
  const enquiry = await findEnquiry(store, reference);
  const reply = sentReplyWithCode(await store.find('messages', { enquiryId: enquiry?.id ?? NO_RECORD }), code);
  // The outbox's alert for a reply has the reply's id.
  const [alert] = await store.find('alerts', { id: reply?.id ?? NO_RECORD });
  if (reply === null) return null;
  return alert?.sentAt ?? reply.createdAt;
}
