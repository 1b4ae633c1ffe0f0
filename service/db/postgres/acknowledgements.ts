/**
 * The acknowledgement queued with an accepted enquiry, by the file store's
 * rule: at most one per address within ACKNOWLEDGEMENT_INTERVAL_MS, however
 * many instances take enquiries from that address at once. A transaction
 * lock on the address makes them take turns, and the second, under READ
 * COMMITTED, reads the first's acknowledgement once the first has committed.
 * The address's own enquiries are few: the lookup goes through
 * enquiries_email and alerts_enquiry, and needs no index of its own.
 */
import type pg from 'pg';
import { ACKNOWLEDGEMENT_INTERVAL_MS, newAcknowledgement } from '../../alerts/alert-records';
import type { AlertRecord, EnquiryRecord } from '../../records';
import { addressKey } from '../../store-rules';

/** The first key of the two-key advisory locks taken here ("ack"): it keeps them apart from any other lock's. */
const ACKNOWLEDGEMENT_LOCKS = 0x61636b;

/** Within `client`'s transaction: the acknowledgement to queue for `enquiry` at `queuedAt`, or none. */
export async function acknowledgementIfDue(client: pg.PoolClient, enquiry: EnquiryRecord, queuedAt: Date): Promise<AlertRecord[]> {
  const address = addressKey(enquiry.email);
  await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ACKNOWLEDGEMENT_LOCKS, address]);
  const { rowCount } = await client.query(
    `SELECT 1 FROM alerts JOIN enquiries ON enquiries.id = alerts.enquiry_id
     WHERE lower(btrim(enquiries.email)) = $1 AND alerts.kind = 'acknowledgement' AND alerts.created_at > $2
     LIMIT 1`,
    [address, new Date(queuedAt.getTime() - ACKNOWLEDGEMENT_INTERVAL_MS)],
  );
  return rowCount ? [] : [newAcknowledgement(enquiry, queuedAt.toISOString())];
}
