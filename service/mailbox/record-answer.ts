/**
 * A visitor's answer joined to its enquiry: the message in the thread (kind
 * `answer`, with the SHA-256 of the raw bytes as received), an audit entry,
 * the staff alert on every channel ("Reply on TW-XXXXXXXX from ..."), and
 * the cursor moved past it, in one transaction; the enquiry made New reply
 * first, so that a crash between the two leaves the status set and the
 * answer read again, never an answer stored on an enquiry that looks done.
 * The same raw bytes are stored once per thread, however often read.
 */
import { randomUUID } from 'node:crypto';
import { enquiryReference } from '../../contract/reference';
import { newAlert } from '../alerts/alert-records';
import { appendChained } from '../audit-append';
import { statusOf, type AlertChannel, type EnquiryRecord, type MessageRecord } from '../records';
import type { Store } from '../store-interface';
import { moveCursor, type CursorChange } from './cursor';
import type { ParsedAnswer } from './parse-mail';
import { sameEmail } from '../store-rules';
import { threadLock } from '../replies/thread-lock';

export type AnswerOutcome = 'stored' | 'duplicate';

/** The same message read again (a new UIDVALIDITY): its raw bytes' hash, or its Message-ID when it was too large to fetch. */
const sameMessage = (mail: ParsedAnswer) => (message: MessageRecord) =>
  mail.sha256 !== undefined ? message.sha256 === mail.sha256 : mail.messageId !== undefined && message.messageId === mail.messageId;

async function isStored(store: Pick<Store, 'find'>, enquiryId: string, mail: ParsedAnswer): Promise<boolean> {
  return (await store.find('messages', { enquiryId })).some(sameMessage(mail));
}

export function answerRecord(enquiry: EnquiryRecord, mail: ParsedAnswer, now: Date): MessageRecord {
  const otherAddress = !sameEmail(mail.from, enquiry.email);
  return {
    id: randomUUID(),
    enquiryId: enquiry.id,
    kind: 'answer',
    createdAt: now.toISOString(),
    ...(mail.messageId && { messageId: mail.messageId }),
    from: mail.from,
    ...(otherAddress && { otherAddress }),
    subject: mail.subject,
    text: mail.text,
    ...(mail.quoted && { quoted: mail.quoted }),
    ...(mail.attachments.length > 0 && { attachments: mail.attachments }),
    ...(mail.sha256 && { sha256: mail.sha256 }),
  };
}

export async function recordAnswer(
  store: Pick<Store, 'atomically' | 'find'>,
  options: {
    enquiry: EnquiryRecord;
    mail: ParsedAnswer;
    cursorKey: string;
    cursor: CursorChange;
    channels: readonly AlertChannel[];
    now?: Date;
  },
): Promise<AnswerOutcome> {
  const { enquiry, mail, cursorKey, cursor, channels, now = new Date() } = options;
  return store.atomically(async (tx) => {
    await tx.lock(threadLock(enquiry.id));
    await moveCursor(tx, cursorKey, cursor, now);
    if (await isStored(tx, enquiry.id, mail)) return 'duplicate';
    // Under the thread's lock, as a reply recorded sent reads it (replies/reply-sent.ts); audited as staff's changes are.
    const current = await tx.get('enquiries', enquiry.id);
    if (current === null) return 'duplicate';
    const status = statusOf(current);
    if (status !== 'new-reply') {
      await tx.put('enquiries', { ...current, status: 'new-reply' });
      await appendChained(tx, {
        at: now.toISOString(),
        actor: null,
        action: 'status',
        reference: enquiryReference(enquiry.id),
        detail: `${status} → new-reply`,
      });
    }
    const record = answerRecord(enquiry, mail, now);
    await tx.put('messages', record);
    await appendChained(tx, {
      at: record.createdAt,
      actor: null,
      action: 'answer',
      reference: enquiryReference(enquiry.id),
      detail: `${mail.sha256 ? `sha256 ${mail.sha256}` : 'not read: too large'}${record.otherAddress ? ', from another address' : ''}`,
    });
    const at = { id: enquiry.id, createdAt: record.createdAt };
    await tx.queueAlerts(channels.map((channel) => ({ ...newAlert(at, channel), kind: 'answer' as const })));
    return 'stored';
  });
}
