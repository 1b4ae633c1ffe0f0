/**
 * Rows to records and back: the tables' snake_case columns and timestamptz
 * values as the records of records.ts (camelCase, ISO strings to the
 * millisecond), so that records() answers exactly what the lowdb store does.
 */
import type { Locale } from '../../../contract/locales';
import { type AlertRecord, type EnquiryRecord, localeOf, type SpamRecord } from '../../records';

export const ENQUIRY_COLUMNS =
  'id, first_name, last_name, email, phone, service, message, locale, created_at, idempotency_key, fingerprint';
export const SPAM_COLUMNS = `${ENQUIRY_COLUMNS}, website`;
/** How many values a row of each takes: the width of its placeholders(). */
export const ENQUIRY_WIDTH = ENQUIRY_COLUMNS.split(',').length;
export const SPAM_WIDTH = SPAM_COLUMNS.split(',').length;
export const ALERT_COLUMNS = 'id, enquiry_id, channel, status, created_at, attempts, next_attempt_at, last_attempt_at, last_error, sent_at';

export interface EnquiryRow {
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

export interface SpamRow extends EnquiryRow {
  website: string;
}

export interface AlertRow {
  id: string;
  enquiry_id: string;
  channel: AlertRecord['channel'];
  status: AlertRecord['status'];
  created_at: Date;
  attempts: number;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  last_error: string | null;
  sent_at: Date | null;
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export function enquiryOf(row: EnquiryRow): EnquiryRecord {
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

export function spamOf(row: SpamRow): SpamRecord {
  return { ...enquiryOf(row), website: row.website };
}

export function alertOf(row: AlertRow): AlertRecord {
  return {
    id: row.id,
    enquiryId: row.enquiry_id,
    channel: row.channel,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    attempts: row.attempts,
    nextAttemptAt: iso(row.next_attempt_at),
    lastAttemptAt: iso(row.last_attempt_at),
    lastError: row.last_error,
    sentAt: iso(row.sent_at),
  };
}

/** The parameters of INSERT INTO enquiries (ENQUIRY_COLUMNS), in that order; spam adds website. A record from before languages is English. */
export function enquiryValues(record: EnquiryRecord): unknown[] {
  const { id, firstName, lastName, email, phone, service, message, createdAt, idempotencyKey, fingerprint } = record;
  return [id, firstName, lastName, email, phone, service, message, localeOf(record), createdAt, idempotencyKey, fingerprint];
}

/** The parameters of INSERT INTO alerts (ALERT_COLUMNS), in that order. */
export function alertValues(alert: AlertRecord): unknown[] {
  const { id, enquiryId, channel, status, createdAt, attempts, nextAttemptAt, lastAttemptAt, lastError, sentAt } = alert;
  return [id, enquiryId, channel, status, createdAt, attempts, nextAttemptAt, lastAttemptAt, lastError, sentAt];
}

/** "($1, $2, ...), ($n+1, ...)" for `rows` rows of `width` parameters. */
export function placeholders(rows: number, width: number): string {
  return Array.from(
    { length: rows },
    (_, row) => `(${Array.from({ length: width }, (_, column) => `$${row * width + column + 1}`).join(', ')})`,
  ).join(', ');
}
