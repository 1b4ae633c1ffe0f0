/**
 * Which enquiry an answer belongs to, most certain first: the Reply-To
 * token the answer was sent to (replies/reply-mail.ts); then In-Reply-To and
 * References, against the Message-IDs of the thread's messages and of the
 * acknowledgement; then the reference (TW-XXXXXXXX) in the subject, for the
 * client that kept none of those (Outlook starts a new Message-ID and keeps
 * only its own Thread-Index).
 */
import type { EnquiryRecord } from '../records';
import type { Store } from '../store-interface';
import type { MailHeaders } from './parse-mail';
import { acknowledgementAlertId, referenceOfAddress } from '../replies/reply-mail';
import { findEnquiry } from '../enquiry-records';

export type MatchedBy = 'token' | 'thread' | 'subject';

/** The acknowledgement's Message-ID names its alert (alerts/acknowledgement-sender.ts). */
const SUBJECT_REFERENCE = /\bTW-([0-9a-f]{8})\b/i;

type Lookups = Pick<Store, 'get' | 'find'>;

async function byToken(store: Lookups, mail: MailHeaders): Promise<EnquiryRecord | null> {
  for (const address of mail.recipients) {
    const reference = referenceOfAddress(address);
    const enquiry = reference === null ? null : await findEnquiry(store, reference);
    if (enquiry) return enquiry;
  }
  return null;
}

async function enquiryIdOfMessageId(store: Lookups, messageId: string): Promise<string | null> {
  const acknowledgement = acknowledgementAlertId(messageId);
  if (acknowledgement) {
    const [alert] = await store.find('alerts', { id: acknowledgement });
    if (alert) return alert.enquiryId;
  }
  const [message] = await store.find('messages', { messageId });
  return message?.enquiryId ?? null;
}

async function byThread(store: Lookups, mail: MailHeaders): Promise<EnquiryRecord | null> {
  for (const messageId of mail.references) {
    const id = await enquiryIdOfMessageId(store, messageId);
    const enquiry = id === null ? null : await findEnquiry(store, id);
    if (enquiry) return enquiry;
  }
  return null;
}

async function bySubject(store: Lookups, mail: MailHeaders): Promise<EnquiryRecord | null> {
  const prefix = SUBJECT_REFERENCE.exec(mail.subject)?.[1];
  return prefix ? findEnquiry(store, `TW-${prefix}`) : null;
}

export async function matchEnquiry(store: Lookups, mail: MailHeaders): Promise<{ enquiry: EnquiryRecord; by: MatchedBy } | null> {
  const steps: [MatchedBy, (store: Lookups, mail: MailHeaders) => Promise<EnquiryRecord | null>][] = [
    ['token', byToken],
    ['thread', byThread],
    ['subject', bySubject],
  ];
  for (const [by, step] of steps) {
    const enquiry = await step(store, mail);
    if (enquiry) return { enquiry, by };
  }
  return null;
}
