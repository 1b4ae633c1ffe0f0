/**
 * Rows to records and back: the tables' snake_case columns and timestamptz
 * values as the records of records.ts (camelCase, ISO strings to the
 * millisecond), so that records() answers exactly what the lowdb store does.
 * A field a record leaves out until it changes (an enquiry's status and
 * assignee, an alert's kind) is left out here too while it has its default.
 */
import type { HoldReason } from '../../../contract/hold-reasons';
import type { Locale } from '../../../contract/locales';
import {
  type AlertKind,
  type AlertRecord,
  type EnquiryRecord,
  type EnquiryStatus,
  localeOf,
  reasonOf,
  type SpamRecord,
  statusOf,
} from '../../records';

/** What enquiries and honeypot catches share. */
export const SUBMISSION_COLUMNS =
  'id, first_name, last_name, email, phone, service, message, locale, created_at, idempotency_key, fingerprint';
export const ENQUIRY_COLUMNS = `${SUBMISSION_COLUMNS}, status, assignee_id`;
export const SPAM_COLUMNS = `${SUBMISSION_COLUMNS}, website, reason`;
/** How many values a row of each takes: the width of its placeholders(). */
export const ENQUIRY_WIDTH = ENQUIRY_COLUMNS.split(',').length;
export const SPAM_WIDTH = SPAM_COLUMNS.split(',').length;
export const ALERT_COLUMNS =
  'id, enquiry_id, channel, kind, status, created_at, attempts, next_attempt_at, last_attempt_at, last_error, sent_at';
export const ALERT_WIDTH = ALERT_COLUMNS.split(',').length;

interface SubmissionRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  /** One of the site's languages: the service writes no other. */
  locale: Locale;
  created_at: Date;
  idempotency_key: string | null;
  fingerprint: string;
}

export interface EnquiryRow extends SubmissionRow {
  status: EnquiryStatus;
  assignee_id: string | null;
}

export interface SpamRow extends SubmissionRow {
  /** Only on honeypot catches stored before they were only counted. */
  website: string | null;
  reason: HoldReason;
}

export interface AlertRow {
  id: string;
  enquiry_id: string;
  channel: AlertRecord['channel'];
  kind: AlertKind;
  status: AlertRecord['status'];
  created_at: Date;
  attempts: number;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  last_error: string | null;
  sent_at: Date | null;
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

function submissionOf(row: SubmissionRow): EnquiryRecord {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    service: row.service,
    message: row.message,
    locale: row.locale,
    createdAt: row.created_at.toISOString(),
    idempotencyKey: row.idempotency_key,
    fingerprint: row.fingerprint,
  };
}

export function enquiryOf(row: EnquiryRow): EnquiryRecord {
  return {
    ...submissionOf(row),
    ...(row.status === 'new' ? {} : { status: row.status }),
    ...(row.assignee_id === null ? {} : { assigneeId: row.assignee_id }),
  };
}

export function spamOf(row: SpamRow): SpamRecord {
  return { ...submissionOf(row), ...(row.website !== null && { website: row.website }), reason: row.reason };
}

export function alertOf(row: AlertRow): AlertRecord {
  return {
    id: row.id,
    enquiryId: row.enquiry_id,
    channel: row.channel,
    ...(row.kind === 'enquiry' ? {} : { kind: row.kind }),
    status: row.status,
    createdAt: row.created_at.toISOString(),
    attempts: row.attempts,
    nextAttemptAt: iso(row.next_attempt_at),
    lastAttemptAt: iso(row.last_attempt_at),
    lastError: row.last_error,
    sentAt: iso(row.sent_at),
  };
}

/** A record from before languages is English. */
function submissionValues(record: EnquiryRecord): unknown[] {
  const { id, firstName, lastName, email, phone, service, message, createdAt, idempotencyKey, fingerprint } = record;
  return [id, firstName, lastName, email, phone, service, message, localeOf(record), createdAt, idempotencyKey, fingerprint];
}

/** The parameters of INSERT INTO enquiries (ENQUIRY_COLUMNS), in that order. */
export function enquiryValues(record: EnquiryRecord): unknown[] {
  return [...submissionValues(record), statusOf(record), record.assigneeId ?? null];
}

/** The parameters of INSERT INTO spam (SPAM_COLUMNS), in that order. */
export function spamValues(record: SpamRecord): unknown[] {
  return [...submissionValues(record), record.website ?? null, reasonOf(record)];
}

/** The parameters of INSERT INTO alerts (ALERT_COLUMNS), in that order. */
export function alertValues(alert: AlertRecord): unknown[] {
  const { id, enquiryId, channel, kind = 'enquiry', status, createdAt, attempts, nextAttemptAt, lastAttemptAt, lastError, sentAt } = alert;
  return [id, enquiryId, channel, kind, status, createdAt, attempts, nextAttemptAt, lastAttemptAt, lastError, sentAt];
}

/** "($1, $2, ...), ($n+1, ...)" for `rows` rows of `width` parameters. */
export function placeholders(rows: number, width: number): string {
  return Array.from(
    { length: rows },
    (_, row) => `(${Array.from({ length: width }, (_, column) => `$${row * width + column + 1}`).join(', ')})`,
  ).join(', ');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether PostgreSQL takes `value` as a uuid: any other id matches no row, rather than failing the query. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
