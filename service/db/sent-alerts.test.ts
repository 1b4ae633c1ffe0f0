import { describe, expect, it } from 'vitest';
import { afterAttempt, DEFAULT_RETRY_POLICY, newAlert } from '../alerts/alert-records';
import { enquiryRecord } from '../test-support/fixtures';
import { isShortSentAlert, snapshotAlert, wholeSentAlert } from './sent-alerts';
import type { ShortSentAlert } from './schema';

const enquiry = enquiryRecord(1);
const pending = newAlert(enquiry, 'webhook');
const sent = afterAttempt(pending, { kind: 'sent', response: '204' }, new Date('2025-01-01T00:00:05Z'), DEFAULT_RETRY_POLICY);
/** As JSON.parse makes it: its own copy of every string. */
const asRead = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe('sent alerts in the snapshot', () => {
  it('are written short and read back whole, with their enquiry strings shared', () => {
    const short = asRead(snapshotAlert(sent)) as ShortSentAlert;
    expect(short).toEqual({ id: sent.id, enquiryId: enquiry.id, channel: 'webhook', status: 'sent', createdAt: enquiry.createdAt, attempts: 1, sentAt: sent.sentAt });
    expect(isShortSentAlert(short)).toBe(true);
    const whole = wholeSentAlert(short, enquiry);
    expect(whole).toEqual(sent);
    expect(JSON.stringify(whole)).toBe(JSON.stringify(sent)); // the same fields in the same order, as the journal writes them
    expect(whole.enquiryId).toBe(enquiry.id);
    expect(whole.lastAttemptAt).toBe(whole.sentAt);
    expect(wholeSentAlert(short, enquiryRecord(2))).toEqual(sent); // another enquiry (a file put together otherwise)
  });

  it('keep whole any alert its short form would not say all of', () => {
    const failed = afterAttempt(pending, { kind: 'permanent', error: '410 Gone' }, new Date(), DEFAULT_RETRY_POLICY);
    const retriedThenSent = { ...sent, lastAttemptAt: '2025-01-01T00:00:04.000Z' };
    const sentWithError = { ...sent, lastError: 'kept by hand' };
    for (const alert of [pending, failed, retriedThenSent, sentWithError]) {
      expect(snapshotAlert(alert)).toBe(alert);
      expect(isShortSentAlert(alert)).toBe(false);
    }
  });
});
