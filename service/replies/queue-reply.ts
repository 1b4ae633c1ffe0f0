/**
 * A staff reply, stored before anything is sent: its message record (with
 * its Message-ID, check code and the whole text, footer included), the
 * outbox's alert that sends it (kind `reply`, the message's id) and the audit
 * entry, in one transaction. The outbox (alerts/alert-dispatcher.ts) sends it
 * with its retries; a crash after this sends it at the next start.
 */
import { randomUUID } from 'node:crypto';
import { enquiryReference } from '../../contract/reference';
import { newAlert } from '../alerts/alert-records';
import { appendChained } from '../audit-append';
import type { ReplyConfig } from '../config';
import type { EnquiryRecord, MessageRecord, UserRecord } from '../records';
import type { Store } from '../store-interface';
import { replyCheckCode } from './check-code';
import { replyFooter, replyMessageId, replySubject, replyText } from './reply-mail';

export async function queueReply(
  store: Pick<Store, 'atomically' | 'deploymentSecret'>,
  config: Pick<ReplyConfig, 'from' | 'siteUrl'>,
  enquiry: EnquiryRecord,
  user: Pick<UserRecord, 'id' | 'username'>,
  written: string,
  now = new Date(),
): Promise<MessageRecord> {
  const id = randomUUID();
  const messageId = replyMessageId(id, config.from);
  const checkCode = replyCheckCode(await store.deploymentSecret(), messageId);
  const createdAt = now.toISOString();
  const message: MessageRecord = {
    id,
    enquiryId: enquiry.id,
    kind: 'reply',
    createdAt,
    userId: user.id,
    userName: user.username,
    messageId,
    subject: replySubject(enquiry.id),
    text: replyText(written, replyFooter(enquiry, checkCode, config.siteUrl)),
    checkCode,
  };
  await store.atomically(async (tx) => {
    await tx.put('messages', message);
    await tx.queueAlerts([{ ...newAlert({ id: enquiry.id, createdAt }, 'email'), id, kind: 'reply' }]);
    await appendChained(tx, {
      at: createdAt,
      actor: user.username,
      action: 'reply',
      reference: enquiryReference(enquiry.id),
      detail: null,
    });
  });
  return message;
}
