/**
 * Sent alerts in the snapshot: written short, read back whole. A sent alert
 * is history (only pending and failed ones are ever acted on), and a store
 * holds about one per enquiry and channel: at 100,000 enquiries, 100,000
 * lines that every checkpoint writes and every start reads. The three fields
 * its sending settled are left out of each (80 bytes of about 300), and the
 * start puts them back.
 */
import type { AlertRecord, EnquiryRecord, ShortSentAlert } from './schema';

/** True when `alert` is what the service makes of an alert it sent: its short form says all of it. */
function isSettledBySending(alert: AlertRecord): alert is AlertRecord & { status: 'sent'; sentAt: string } {
  return (
    alert.status === 'sent' &&
    alert.sentAt !== null &&
    alert.lastAttemptAt === alert.sentAt &&
    alert.nextAttemptAt === null &&
    alert.lastError === null
  );
}

/** The alert as the snapshot writes it: short when it was sent, whole otherwise. */
export function snapshotAlert(alert: AlertRecord): AlertRecord | ShortSentAlert {
  if (!isSettledBySending(alert)) return alert;
  const { id, enquiryId, channel, status, createdAt, attempts, sentAt } = alert;
  return { id, enquiryId, channel, status, createdAt, attempts, sentAt };
}

/** A record of the snapshot's alerts that is in short form (it has been checked to be one of the two forms). */
export function isShortSentAlert(record: AlertRecord | ShortSentAlert): record is ShortSentAlert {
  return !('lastAttemptAt' in record);
}

/**
 * The whole record of a sent alert read short. Its enquiry's id and time
 * strings are taken when they are the same, so that the store holds one copy
 * of each (see share-alert-strings.ts), and the last attempt is the sending.
 */
export function wholeSentAlert(short: ShortSentAlert, enquiry: EnquiryRecord | undefined): AlertRecord {
  const { id, channel, attempts, sentAt } = short;
  const ofEnquiry = enquiry?.id === short.enquiryId;
  return {
    id,
    enquiryId: ofEnquiry ? enquiry!.id : short.enquiryId,
    channel,
    status: 'sent',
    createdAt: ofEnquiry && enquiry!.createdAt === short.createdAt ? enquiry!.createdAt : short.createdAt,
    attempts,
    nextAttemptAt: null,
    lastAttemptAt: sentAt,
    lastError: null,
    sentAt,
  };
}
