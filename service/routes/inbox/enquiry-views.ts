/**
 * Stored records as the inbox's contract shows them (contract/inbox.ts):
 * each enquiry with its reference, assignee and the time the 24-hour promise
 * runs out.
 */
import type { z } from 'zod';
import type { alertAttemptSchema, EnquiryDetail, EnquirySummary, heldSummarySchema, Staff } from '../../../contract/inbox';
import { enquiryReference } from '../../../contract/reference';
import { type AlertRecord, type EnquiryRecord, localeOf, reasonOf, type SpamRecord, statusOf, type UserRecord } from '../../records';

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
