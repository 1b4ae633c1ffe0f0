/**
 * What a reply's sending leaves on record: the SHA-256 of the bytes sent on
 * its message, an audit entry with that hash (so a copy produced later can be
 * checked against the record), and the enquiry Replied when it was waiting
 * for an answer, which ends its 24 hours and its reminder.
 */
import { enquiryReference } from '../../contract/reference';
import { appendAudit, appendChained } from '../audit-append';
import { type EnquiryRecord, type EnquiryStatus, type MessageRecord, statusOf } from '../records';
import type { Store } from '../store-interface';
import { updateEnquiry } from '../enquiry-records';

/** Statuses a reply leaves as they are: every other (New, a visitor's answer waiting) becomes Replied. */
const ANSWERED: readonly EnquiryStatus[] = ['replied', 'closed'];

export async function recordReplySent(
  store: Pick<Store, 'atomically'>,
  message: MessageRecord,
  enquiry: EnquiryRecord,
  sha256: string,
  now = new Date(),
): Promise<void> {
  const reference = enquiryReference(enquiry.id);
  const first = await store.atomically(async (tx) => {
    const stored = await tx.get('messages', message.id);
    if (stored === null || stored.sha256 !== undefined) return false;
    await tx.put('messages', { ...stored, sha256 });
    await appendChained(tx, {
      at: now.toISOString(),
      actor: message.userName ?? null,
      action: 'reply-sent',
      reference,
      detail: `SHA-256 ${sha256}`,
    });
    return true;
  });
  const status = statusOf(enquiry);
  if (!first || ANSWERED.includes(status)) return;
  const updated = await updateEnquiry(store, enquiry.id, { status: 'replied' });
  if (updated !== null)
    await appendAudit(store, { at: now.toISOString(), actor: null, action: 'status', reference, detail: `${status} → replied` });
}
