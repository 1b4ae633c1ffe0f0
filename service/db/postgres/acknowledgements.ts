/**
 * The acknowledgement queued with an accepted enquiry, by the file store's
 * rules (../../alerts/acknowledgement-limits.ts), however many instances take
 * enquiries at once. The day's total is a count over every address, so the
 * decision is made under one transaction lock, held until COMMIT: the next
 * instance's decision, under READ COMMITTED, reads the first's rows once it
 * has committed. The acknowledgements of the last day are few (at most the
 * day's total and the releases from review), so their mailboxes are compared
 * here rather than in SQL; the client keys' counts are rows of their own
 * (acknowledgement_clients, migration 12); earlier days' go with the next
 * enquiry.
 */
import type pg from 'pg';
import { mailboxOf, skipReason, type AcknowledgementLimits } from '../../alerts/acknowledgement-limits';
import { ACKNOWLEDGEMENT_INTERVAL_MS, newAcknowledgement } from '../../alerts/alert-records';
import { utcDay, type AlertRecord, type EnquiryRecord } from '../../records';

/** The first key of the two-key advisory lock taken here ("ack"): it keeps it apart from any other lock's. */
const ACKNOWLEDGEMENT_LOCKS = 0x61636b;
const DECISION_LOCK = 0;

/** Within `client`'s transaction: the acknowledgement to queue for `enquiry` at `queuedAt`, or none (and the limit that stopped it tallied). */
export async function acknowledgementIfDue(
  client: pg.PoolClient,
  enquiry: EnquiryRecord,
  queuedAt: Date,
  limits: AcknowledgementLimits,
): Promise<AlertRecord[]> {
  await client.query('SELECT pg_advisory_xact_lock($1, $2)', [ACKNOWLEDGEMENT_LOCKS, DECISION_LOCK]);
  const today = utcDay(queuedAt);
  const { rows } = await client.query<{ email: string; today: boolean }>(
    `SELECT enquiries.email, alerts.created_at >= $2 AS today FROM alerts JOIN enquiries ON enquiries.id = alerts.enquiry_id
     WHERE alerts.kind = 'acknowledgement' AND alerts.created_at > $1`,
    [new Date(queuedAt.getTime() - ACKNOWLEDGEMENT_INTERVAL_MS), `${today}T00:00:00Z`],
  );
  // A client's address is kept no longer than its day's count needs it.
  await client.query('DELETE FROM acknowledgement_clients WHERE day < $1', [today]);
  const clients = await client.query<{ client_key: string; count: number }>(
    'SELECT client_key, count FROM acknowledgement_clients WHERE day = $1 AND client_key = ANY($2)',
    [today, limits.clientKeys],
  );
  const countOf = new Map(clients.rows.map((row) => [row.client_key, row.count]));
  const mailbox = mailboxOf(enquiry.email);
  const skipped = skipReason(
    {
      mailboxAcknowledged: rows.some((row) => mailboxOf(row.email) === mailbox),
      perClientKey: limits.clientKeys.map((key) => countOf.get(key) ?? 0),
      today: rows.filter((row) => row.today).length,
    },
    limits,
  );
  if (skipped !== null) {
    await client.query(
      `INSERT INTO daily_tallies (day, name, count) VALUES ($1, $2, 1)
       ON CONFLICT (day, name) DO UPDATE SET count = daily_tallies.count + 1`,
      [today, skipped],
    );
    return [];
  }
  if (limits.clientKeys.length > 0) {
    await client.query(
      `INSERT INTO acknowledgement_clients (day, client_key, count) SELECT $1, unnest($2::text[]), 1
       ON CONFLICT (day, client_key) DO UPDATE SET count = acknowledgement_clients.count + 1`,
      [today, limits.clientKeys],
    );
  }
  return [newAcknowledgement(enquiry, queuedAt.toISOString())];
}
