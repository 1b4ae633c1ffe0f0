/**
 * Stored records as the inbox's contract shows them (contract/inbox.ts):
 * each enquiry with its reference, assignee and the time the 24-hour promise
 * runs out.
 */
import type { z } from 'zod';
import type {
  alertAttemptSchema,
  DELIVERY_STATES,
  EnquiryDetail,
  EnquirySummary,
  heldSummarySchema,
  Staff,
  ThreadEntry,
} from '../../../contract/inbox';
import { enquiryReference } from '../../../contract/reference';
import {
  type AlertRecord,
  type EnquiryRecord,
  localeOf,
  type MessageRecord,
  reasonOf,
  type SpamRecord,
  statusOf,
  type UserRecord,
} from '../../records';

/** The site promises an answer within this long. */
export const ANSWER_WITHIN_MS = 24 * 60 * 60_000;
const EXCERPT_LENGTH = 200;

export function staffOf(user: Pick<UserRecord, 'id' | 'username'>): Staff {
  return { id: user.id, username: user.username };
}

/** Staff by id, to name assignees and note authors. */
export function staffById(users: readonly UserRecord[]): Map<string, Staff> {
  return new Map(users.map((user) => [user.id, staffOf(user)]));
}

/** The fields an enquiry's and a held record's list rows share. */
function listed({ id, firstName, lastName, email, createdAt }: EnquiryRecord | SpamRecord) {
  return { id, reference: enquiryReference(id), firstName, lastName, email, createdAt };
}

export function enquirySummary(record: EnquiryRecord, staff: ReadonlyMap<string, Staff>): EnquirySummary {
  return {
    ...listed(record),
    locale: localeOf(record),
    status: statusOf(record),
    // Someone removed since is nobody's to show.
    assignee: (record.assigneeId && staff.get(record.assigneeId)) || null,
    answerBy: new Date(Date.parse(record.createdAt) + ANSWER_WITHIN_MS).toISOString(),
  };
}

export function enquiryFields(record: EnquiryRecord, staff: ReadonlyMap<string, Staff>): EnquiryDetail['enquiry'] {
  return { ...enquirySummary(record, staff), phone: record.phone, service: record.service, message: record.message };
}

export function heldSummary(record: SpamRecord): z.infer<typeof heldSummarySchema> {
  return {
    ...listed(record),
    excerpt: record.message.slice(0, EXCERPT_LENGTH),
    reason: reasonOf(record),
  };
}

export function alertAttempt(alert: AlertRecord): z.infer<typeof alertAttemptSchema> {
  const { id, channel, status, attempts, createdAt, lastAttemptAt, sentAt, nextAttemptAt, lastError } = alert;
  return { id, channel, kind: alert.kind ?? 'enquiry', status, attempts, createdAt, lastAttemptAt, sentAt, nextAttemptAt, lastError };
}

/** Where a reply or acknowledgement stands, from its alert (none yet: being sent). */
export function deliveryOf(alert: AlertRecord | undefined): (typeof DELIVERY_STATES)[number] {
  if (alert === undefined || (alert.status === 'pending' && alert.attempts === 0)) return 'sending';
  if (alert.status === 'pending') return 'retrying';
  return alert.status;
}

const NO_DETAILS: Pick<ThreadEntry, 'by' | 'otherAddress' | 'quoted' | 'attachments' | 'delivery'> = {
  by: null,
  otherAddress: false,
  quoted: null,
  attachments: [],
  delivery: null,
};

function messageEntry(message: MessageRecord, alert: AlertRecord | undefined): ThreadEntry {
  const { id, kind, createdAt: at, text } = message;
  if (kind === 'answer') {
    const { from = null, otherAddress = false, quoted = null, attachments = [] } = message;
    return { ...NO_DETAILS, id, kind, at, text, by: from, otherAddress, quoted, attachments };
  }
  const by = message.userName ?? null;
  // A reply's alert is the one with its id; one sent before the outbox recorded it has its hash.
  const delivery = kind === 'reply' ? (message.sha256 !== undefined ? 'sent' : deliveryOf(alert)) : null;
  return { ...NO_DETAILS, id, kind, at, text, by, delivery };
}

/** The whole exchange, oldest first: the enquiry, its acknowledgements, then each reply, answer and hand-off to WhatsApp. */
export function threadOf(record: EnquiryRecord, messages: readonly MessageRecord[], alerts: readonly AlertRecord[]): ThreadEntry[] {
  const byId = new Map(alerts.map((alert) => [alert.id, alert]));
  const acknowledgements = alerts
    .filter((alert) => alert.kind === 'acknowledgement')
    .map((alert): ThreadEntry => ({
      ...NO_DETAILS,
      id: alert.id,
      kind: 'acknowledgement',
      at: alert.createdAt,
      text: '',
      delivery: deliveryOf(alert),
    }));
  const entries = [...acknowledgements, ...messages.map((message) => messageEntry(message, byId.get(message.id)))];
  const enquiry: ThreadEntry = { ...NO_DETAILS, id: record.id, kind: 'enquiry', at: record.createdAt, text: record.message };
  // Stable: what came at the same moment stays in the order it was stored.
  return [enquiry, ...entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at))];
}
