/**
 * The life of one alert record, the same for every store: made pending with
 * its enquiry, tried with exponential back-off and jitter, and ended as sent
 * or failed. Pure functions of the record and the clock.
 */
import { randomUUID } from 'node:crypto';
import type { AlertChannel, AlertRecord, EnquiryRecord } from '../records';

/** What every alert's life is made of, an enquiry's or the operator's own (records.ts). */
export type AlertLife = Pick<
  AlertRecord,
  'channel' | 'status' | 'createdAt' | 'attempts' | 'nextAttemptAt' | 'lastAttemptAt' | 'lastError' | 'sentAt'
>;

/** The first retry comes within this; each later wait doubles, up to ALERT_RETRY_MAX_DELAY_MS. */
export const ALERT_RETRY_FIRST_DELAY_MS = 20_000;
export const ALERT_RETRY_MAX_DELAY_MS = 60 * 60 * 1000; // 1 hour
/** How long a failing alert is retried, from its enquiry's arrival: a long weekend of a mail outage. */
export const ALERT_RETRY_WINDOW_MS = 72 * 60 * 60 * 1000; // 72 hours

export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  firstDelayMs: ALERT_RETRY_FIRST_DELAY_MS,
  maxDelayMs: ALERT_RETRY_MAX_DELAY_MS,
  windowMs: ALERT_RETRY_WINDOW_MS,
};

/** What a channel made of one attempt. */
export type SendOutcome =
  | { kind: 'sent'; response: string }
  /** Worth trying again: no answer, a timeout, SMTP 4xx, HTTP 5xx/408/429. */
  | { kind: 'temporary'; error: string }
  /** The same alert would be refused again: SMTP 5xx, HTTP 4xx. */
  | { kind: 'permanent'; error: string };

/** A pending alert, made with its enquiry and due at once. */
export function newAlert(enquiry: Pick<EnquiryRecord, 'id' | 'createdAt'>, channel: AlertChannel): AlertRecord {
  return {
    id: randomUUID(),
    enquiryId: enquiry.id,
    channel,
    status: 'pending',
    createdAt: enquiry.createdAt,
    attempts: 0,
    nextAttemptAt: enquiry.createdAt,
    lastAttemptAt: null,
    lastError: null,
    sentAt: null,
  };
}

/** The wait before attempt `attempts + 1`: doubling, capped, with "equal jitter" (half fixed, half random). */
export function retryDelayMs(attempts: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** The record after one attempt that ended in `outcome`. */
export function afterAttempt<Alert extends AlertLife>(alert: Alert, outcome: SendOutcome, now: Date, policy: RetryPolicy): Alert {
  const attempts = alert.attempts + 1;
  const attemptedAt = now.toISOString();
  const tried = { ...alert, attempts, lastAttemptAt: attemptedAt };
  if (outcome.kind === 'sent') {
    return { ...tried, status: 'sent', nextAttemptAt: null, sentAt: attemptedAt, lastError: null };
  }
  const next = now.getTime() + retryDelayMs(attempts, policy);
  const windowEnds = Date.parse(alert.createdAt) + policy.windowMs;
  if (outcome.kind === 'permanent' || next > windowEnds) {
    const error = outcome.kind === 'permanent' ? outcome.error : `${outcome.error} (gave up after ${attempts} attempts)`;
    return { ...tried, status: 'failed', nextAttemptAt: null, lastError: error };
  }
  return { ...tried, status: 'pending', nextAttemptAt: new Date(next).toISOString(), lastError: outcome.error };
}

/** A failed alert made pending again, due at once (the operator's `alerts retry`). */
export function retriedAlert<Alert extends AlertLife>(alert: Alert, now: Date): Alert {
  return { ...alert, status: 'pending', nextAttemptAt: now.toISOString() };
}

/**
 * Due now, or tried last by an earlier run of the service: a restart (often
 * after the operator fixed the mail settings) is a good moment to try again.
 */
export function isDue(alert: AlertLife, now: Date, startedAt: Date): boolean {
  if (alert.status !== 'pending' || alert.nextAttemptAt === null) return false;
  if (Date.parse(alert.nextAttemptAt) <= now.getTime()) return true;
  return alert.lastAttemptAt !== null && Date.parse(alert.lastAttemptAt) < startedAt.getTime();
}

export interface AlertSummary {
  channels: Record<AlertChannel, { pending: number; failed: number }>;
  /** When the oldest alert still pending was made; null when none is pending. */
  oldestPendingAt: string | null;
}

export function summarizeAlerts(alerts: Iterable<AlertLife>): AlertSummary {
  const summary: AlertSummary = {
    channels: { email: { pending: 0, failed: 0 }, webhook: { pending: 0, failed: 0 } },
    oldestPendingAt: null,
  };
  for (const alert of alerts) {
    if (alert.status === 'sent') continue;
    summary.channels[alert.channel][alert.status] += 1;
    if (alert.status === 'pending' && (summary.oldestPendingAt === null || alert.createdAt < summary.oldestPendingAt)) {
      summary.oldestPendingAt = alert.createdAt;
    }
  }
  return summary;
}

/** At most one acknowledgement per e-mail address in this long: the form cannot be made to mail someone over and over. */
export const ACKNOWLEDGEMENT_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** A pending acknowledgement to the visitor, queued at `queuedAt` (the enquiry's arrival, or its release from review). */
export function newAcknowledgement(enquiry: Pick<EnquiryRecord, 'id'>, queuedAt: string): AlertRecord {
  return { ...newAlert({ id: enquiry.id, createdAt: queuedAt }, 'email'), kind: 'acknowledgement' };
}
