import { describe, expect, it } from 'vitest';
import { afterAttempt, DEFAULT_RETRY_POLICY, newAlert } from '../alerts/alert-records';
import { enquiryRecord } from '../test-support/fixtures';
import { emptyStoreData, type StoreData } from './schema';
import { shareAlertStrings } from './share-alert-strings';

/** The data as it comes out of the files: every string its own copy. */
const asRead = (data: StoreData): StoreData => JSON.parse(JSON.stringify(data));

describe('shareAlertStrings', () => {
  it('changes no value, whatever order the alerts are in and whether their enquiry is there', () => {
    const enquiries = Array.from({ length: 6 }, (_, index) => enquiryRecord(index));
    const [a, b, c, d, e, f] = enquiries.map((enquiry) => newAlert(enquiry, 'email'));
    const sent = afterAttempt(b!, { kind: 'sent', response: '250 OK' }, new Date(), DEFAULT_RETRY_POLICY);
    const retried = afterAttempt(c!, { kind: 'temporary', error: 'timeout' }, new Date(), DEFAULT_RETRY_POLICY);
    const orphan = newAlert(enquiryRecord(99), 'webhook');
    for (const alerts of [
      [a, sent, retried, d, e, f],
      [a, f, sent, orphan, d, retried, e],
    ]) {
      const data = asRead({ ...emptyStoreData(), enquiries, alerts: alerts as StoreData['alerts'] });
      const expected = asRead(data);
      shareAlertStrings(data);
      expect(data).toEqual(expected);
    }
  });
});
