/**
 * A channel that delivers alerts. One attempt per call; the caller keeps
 * the record and decides about retries (see alert-records.ts).
 */
import type { AlertChannel, AlertRecord, EnquiryRecord } from '../records';
import type { SendOutcome } from './alert-records';

export interface AlertSender {
  channel: AlertChannel;
  /** One attempt. Never throws: every failure is an outcome. */
  send(alert: AlertRecord, enquiry: EnquiryRecord): Promise<SendOutcome>;
  /** Sends a made-up enquiry marked as a test, for `npm run enquiries -- test-alert`. */
  sendTest(enquiry: EnquiryRecord): Promise<SendOutcome>;
  close(): void;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
