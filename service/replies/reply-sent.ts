/**
 * What a reply's sending leaves on record: the SHA-256 of the bytes sent on
 * its message, an audit entry with that hash (so a copy produced later can be
 * checked against the record), and the enquiry Replied when it was still
 * waiting for an answer, which ends its 24 hours and its reminder. All in one
 * transaction, so a change made meanwhile is seen, not overwritten.
 */
import { enquiryReference } from '../../contract/reference';
import { appendChained } from '../audit-append';
import { type EnquiryRecord, type EnquiryStatus, type MessageRecord, statusOf } from '../records';
import type { Store, Transaction } from '../store-interface';
import { threadLock } from './thread-lock';

/** The statuses a reply answers: a closed enquiry stays closed, one already Replied stays so. */
const WAITING: readonly EnquiryStatus[] = ['new', 'new-reply'];

/**
 * Whether the reply (stored at `repliedAt`) answers the enquiry as it is now:
 * it waits, and no visitor's answer came after the reply was written (a reply
 * that sat in "failed, will retry" must not hide a newer answer).
 */
async function answersEnquiry(tx: Transaction, enquiry: EnquiryRecord, repliedAt: string): Promise<boolean> {
  if (!WAITING.includes(statusOf(enquiry))) return false;
  const thread = await tx.find('messages', { enquiryId: enquiry.id });
  return !thread.some((message) => message.kind === 'answer' && Date.parse(message.createdAt) > Date.parse(repliedAt));
}

export function recordReplySent(
  store: Pick<Store, 'atomically'>,
  message: MessageRecord,
  enquiry: EnquiryRecord,
  sha256: string,
  now = new Date(),
): Promise<void> {
  const reference = enquiryReference(enquiry.id);
  return store.atomically(async (tx) => {
    await tx.lock(threadLock(enquiry.id));
    const stored = await tx.get('messages', message.id);
    if (stored === null || stored.sha256 !== undefined) return;
    await tx.put('messages', { ...stored, sha256 });
    const at = now.toISOString();
    await appendChained(tx, { at, actor: message.userName ?? null, action: 'reply-sent', reference, detail: `SHA-256 ${sha256}` });
    const current = await tx.get('enquiries', enquiry.id);
    if (current === null || !(await answersEnquiry(tx, current, stored.createdAt))) return;
    await tx.put('enquiries', { ...current, status: 'replied' });
    await appendChained(tx, { at, actor: null, action: 'status', reference, detail: `${statusOf(current)} → replied` });
  });
}
