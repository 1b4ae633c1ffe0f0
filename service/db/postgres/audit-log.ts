/**
 * The audit log in PostgreSQL: one hash chain however many instances append.
 * An append locks the chain's head (audit_chain, one row: the last entry's
 * number and hash) for its transaction, so appends queue there and each
 * chains to the one committed before it. Retention removes a prefix of the
 * log, never a gap (audit-append.ts's deleteAuditBefore).
 */
import type pg from 'pg';
import type { AuditRecord } from '../../records';
import { AuditLogMismatchError } from '../../store-interface';
import { AUDIT_COLUMNS, AUDIT_WIDTH, auditOf, auditValues, type AuditRow } from './inbox-rows';
import { placeholders } from './rows';

/**
 * timestamptz gives times back in this form (to the millisecond, in UTC): the
 * hash is made over the time as it will be read, or it would not verify.
 */
const canonicalTime = (at: string) => new Date(at).toISOString();

/** The chain's head, locked until the transaction ends: appends (and retention's cut) queue there. */
export async function lockedChainHead(client: pg.PoolClient): Promise<Pick<AuditRecord, 'seq' | 'hash'>> {
  const { rows } = await client.query<{ seq: string; hash: string }>('SELECT seq, hash FROM audit_chain FOR UPDATE');
  return { seq: Number(rows[0]!.seq), hash: rows[0]!.hash };
}

/** Adds the entry after the head, and makes it the head. */
export async function addAudit(client: pg.PoolClient, record: AuditRecord): Promise<void> {
  await client.query(`INSERT INTO audit_log (${AUDIT_COLUMNS}) VALUES ${placeholders(1, AUDIT_WIDTH)}`, auditValues(record));
  await client.query('UPDATE audit_chain SET seq = $1, hash = $2', [record.seq, record.hash]);
}

/** The newest entry (null: none yet), the chain's head locked as lockedChainHead locks it. */
export async function lockedHeadEntry(client: pg.PoolClient): Promise<AuditRecord | null> {
  const { seq } = await lockedChainHead(client);
  const { rows } = await client.query<AuditRow>(`SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE seq = $1`, [seq]);
  return rows[0] ? auditOf(rows[0]) : null;
}

/** Transaction.cutAudit, within a transaction that holds the chain's head (lockedHeadEntry). */
export async function cutAudit(client: pg.PoolClient, cutoff: Date): Promise<{ count: number; firstKept: number | null }> {
  const { rowCount } = await client.query(
    `DELETE FROM audit_log WHERE seq < coalesce((SELECT seq FROM audit_log WHERE at >= $1 ORDER BY seq LIMIT 1),
       (SELECT seq FROM audit_chain) + 1)`,
    [cutoff],
  );
  const { rows } = await client.query<{ seq: string | null }>('SELECT min(seq) AS seq FROM audit_log');
  return { count: rowCount ?? 0, firstKept: rows[0]!.seq === null ? null : Number(rows[0]!.seq) };
}

/**
 * Copies a log kept elsewhere, in order, leaving entries already here; throws
 * AuditLogMismatchError (and the caller's transaction rolls back) when an
 * entry here has the same number but another hash: that would make two chains.
 * Resolves with how many were copied.
 */
export async function copyAuditLog(client: pg.PoolClient, entries: readonly AuditRecord[], batchRows: number): Promise<number> {
  if (entries.length === 0) return 0;
  await client.query('SELECT 1 FROM audit_chain FOR UPDATE');
  let copied = 0;
  for (let start = 0; start < entries.length; start += batchRows) {
    const batch = entries.slice(start, start + batchRows);
    const odd = batch.find((entry) => canonicalTime(entry.at) !== entry.at);
    if (odd) throw new AuditLogMismatchError(`Audit entry ${odd.seq}'s time (${odd.at}) cannot be stored as it was hashed.`);
    const { rowCount } = await client.query(
      `INSERT INTO audit_log (${AUDIT_COLUMNS}) VALUES ${placeholders(batch.length, AUDIT_WIDTH)} ON CONFLICT (seq) DO NOTHING`,
      batch.flatMap(auditValues),
    );
    copied += rowCount ?? 0;
    const { rows } = await client.query<{ seq: string }>(
      `SELECT audit_log.seq FROM audit_log JOIN unnest($1::bigint[], $2::text[]) AS copy (seq, hash) USING (seq)
       WHERE audit_log.hash <> copy.hash ORDER BY seq LIMIT 1`,
      [batch.map((entry) => entry.seq), batch.map((entry) => entry.hash)],
    );
    if (rows[0]) {
      throw new AuditLogMismatchError(
        `The database's audit log already has an entry ${rows[0].seq} that differs from the one copied: it keeps its own log.`,
      );
    }
  }
  const last = entries.at(-1)!;
  await client.query('UPDATE audit_chain SET seq = $1, hash = $2 WHERE seq < $1', [last.seq, last.hash]);
  return copied;
}
