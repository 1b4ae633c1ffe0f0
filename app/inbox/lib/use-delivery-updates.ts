/**
 * While a reply on the page is being sent, asks the service where it stands
 * (GET …/deliveries: no personal data, so no audit entry each time) and
 * puts the answer, with the enquiry's status, into the page's detail.
 */
import { useEffect } from 'react';
import type { EnquiryDetail } from '../../../contract/inbox';
import { useInbox } from '../inbox-context';

/** A reply not tried yet goes within a second or two: the page looks again this often. */
const SENDING_POLL_MS = 2_000;
/** A failed one is tried again after 20 s, then less and less often. */
const RETRYING_POLL_MS = 20_000;

export function useDeliveryUpdates(detail: EnquiryDetail | undefined, replace: (detail: EnquiryDetail) => void): void {
  const { api } = useInbox();
  const states = new Set(detail?.thread.map((entry) => entry.delivery));
  const wait = states.has('sending') ? SENDING_POLL_MS : states.has('retrying') ? RETRYING_POLL_MS : null;
  useEffect(() => {
    if (detail === undefined || wait === null) return;
    let current = true;
    const timer = setTimeout(() => {
      api.deliveries(detail.enquiry.id).then(
        ({ status, deliveries }) => {
          if (!current) return;
          const now = new Map(deliveries.map((entry) => [entry.id, entry.delivery]));
          const thread = detail.thread.map((entry) => ({ ...entry, delivery: now.get(entry.id) ?? entry.delivery }));
          replace({ ...detail, enquiry: { ...detail.enquiry, status }, thread });
        },
        // The page keeps what it shows; a reload asks again.
        () => {},
      );
    }, wait);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, detail, wait, replace]);
}
