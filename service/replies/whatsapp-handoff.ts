/**
 * "Reply on WhatsApp" pressed: the conversation goes on outside the firm's
 * systems, so the thread records who handed it over and when, and the audit
 * log says so.
 */
import { randomUUID } from 'node:crypto';
import { enquiryReference } from '../../contract/reference';
import { appendChained } from '../audit-append';
import type { EnquiryRecord, MessageRecord, UserRecord } from '../records';
import type { Store } from '../store-interface';

export async function recordWhatsAppHandoff(
  store: Pick<Store, 'atomically'>,
  enquiry: Pick<EnquiryRecord, 'id'>,
  user: Pick<UserRecord, 'id' | 'username'>,
  now = new Date(),
): Promise<MessageRecord> {
  const createdAt = now.toISOString();
  const message: MessageRecord = {
    id: randomUUID(),
    enquiryId: enquiry.id,
    kind: 'whatsapp',
    createdAt,
    userId: user.id,
    userName: user.username,
    text: '',
  };
  await store.atomically(async (tx) => {
    await tx.put('messages', message);
    await appendChained(tx, {
      at: createdAt,
      actor: user.username,
      action: 'whatsapp',
      reference: enquiryReference(enquiry.id),
      detail: null,
    });
  });
  return message;
}
