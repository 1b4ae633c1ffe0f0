/**
 * An enquiry and a staff reply to it, stored as the reply sender stores one
 * (its Message-ID, and the check code made from it with the store's
 * deployment secret), for the tests of /verify's check: the service's and the
 * browser's.
 */
import { randomUUID } from 'node:crypto';
import { enquiryReference } from '../../contract/reference';
import { newAlert } from '../alerts/alert-records';
import type { EnquiryRecord } from '../records';
import { replyCheckCode } from '../replies/check-code';
import type { Store } from '../store-interface';
import { validSubmission } from './fixtures';

export interface StoredReply {
  enquiry: EnquiryRecord;
  reference: string;
  code: string;
}

/** The test's enquiry (validEnquiry) from `email`, stored. */
export async function storeEnquiry(store: Store, email: string): Promise<EnquiryRecord> {
  const submitted = await store.submitEnquiry(validSubmission({ email }));
  if (submitted.outcome === 'conflict') throw new Error('The enquiry was not stored');
  return submitted.record as EnquiryRecord;
}

/**
 * The reply as stored at `createdAt` and, unless `sentAt` is null, sent then
 * (its hash on record, the outbox's alert for it sent at `sentAt`).
 */
export async function storeReply(
  store: Store,
  { email = 'aisyah@example.com', createdAt = new Date().toISOString(), sentAt = createdAt as string | null } = {},
): Promise<StoredReply> {
  const enquiry = await storeEnquiry(store, email);
  const messageId = `<${randomUUID()}@teratai-wealth.example>`;
  const code = replyCheckCode(await store.deploymentSecret(), messageId);
  const id = randomUUID();
  await store.atomically(async (tx) => {
    await tx.put('messages', {
      id,
      enquiryId: enquiry.id,
      kind: 'reply',
      createdAt,
      userId: randomUUID(),
      userName: 'Nurul Huda',
      messageId,
      subject: `Re: Your enquiry ${enquiryReference(enquiry.id)}`,
      text: `Dear ${enquiry.firstName}, thank you for your enquiry about a portfolio review.`,
      ...(sentAt !== null && { sha256: 'a'.repeat(64) }),
      checkCode: code,
    });
    if (sentAt === null) return;
    const alert = newAlert({ id: enquiry.id, createdAt }, 'email');
    await tx.queueAlerts([{ ...alert, id, kind: 'reply', status: 'sent', nextAttemptAt: null, lastAttemptAt: sentAt, sentAt }]);
  });
  return { enquiry, reference: enquiryReference(enquiry.id), code };
}
