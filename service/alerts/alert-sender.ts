/**
 * A channel that delivers alerts. One attempt per call; the caller keeps
 * the record and decides about retries (see alert-records.ts).
 */
import type { AlertChannel, AlertKind, AlertRecord, EnquiryRecord, OperatorAlertRecord } from '../records';
import type { SendOutcome } from './alert-records';

/** What the outbox (alert-dispatcher.ts) hands alerts to. */
export interface OutboxSender {
  channel: AlertChannel;
  /** The kinds of alert it sends; absent: the operator's (`enquiry`, `reminder` and `answer`). */
  kinds?: readonly AlertKind[];
  /** One attempt. Never throws: every failure is an outcome. */
  send(alert: AlertRecord, enquiry: EnquiryRecord): Promise<SendOutcome>;
  /** One attempt at an operator alert (./operator-alerts.ts); absent on a sender that does not send them. Never throws. */
  sendOperator?(alert: OperatorAlertRecord): Promise<SendOutcome>;
  close(): void;
}

/** A sender of the operator's alerts. */
export interface AlertSender extends OutboxSender {
  /** Sends a made-up enquiry marked as a test, for `npm run enquiries -- test-alert`. */
  sendTest(enquiry: EnquiryRecord): Promise<SendOutcome>;
}

const OPERATOR_KINDS: readonly AlertKind[] = ['enquiry', 'reminder', 'answer'];

/** Whether `sender` is the one for `alert`: its channel, and its kind (an alert without one is an `enquiry` alert). */
export function sends(sender: OutboxSender, alert: AlertRecord): boolean {
  return sender.channel === alert.channel && (sender.kinds ?? OPERATOR_KINDS).includes(alert.kind ?? 'enquiry');
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
