/**
 * The audit log's hash chain, the same for every store: each entry's hash is
 * SHA-256 over the previous entry's hash and this entry's fields in a fixed
 * order, so an entry changed, removed or inserted breaks every hash after it.
 * The first entry ever chains to GENESIS_HASH; after retention removed old
 * entries, the first kept one's prevHash anchors the chain.
 */
import { createHash } from 'node:crypto';
import type { AuditRecord, NewAuditEntry } from './records';

export const GENESIS_HASH = '0'.repeat(64);

export function auditHash(prevHash: string, seq: number, entry: NewAuditEntry): string {
  const fields = [seq, entry.at, entry.actor, entry.action, entry.reference, entry.detail];
  return createHash('sha256').update(prevHash).update(JSON.stringify(fields)).digest('hex');
}

/** The entry that follows `previous` (null: the first ever) in the chain. */
export function chainedEntry(previous: Pick<AuditRecord, 'seq' | 'hash'> | null, entry: NewAuditEntry): AuditRecord {
  const seq = (previous?.seq ?? 0) + 1;
  const prevHash = previous?.hash ?? GENESIS_HASH;
  return { seq, ...entry, prevHash, hash: auditHash(prevHash, seq, entry) };
}

/** The first entry, oldest first, whose hash or link does not hold; null when the chain is intact. */
export function firstBrokenEntry(entries: readonly AuditRecord[]): AuditRecord | null {
  let previous: AuditRecord | null = null;
  for (const entry of entries) {
    const linked =
      previous === null
        ? entry.seq !== 1 || entry.prevHash === GENESIS_HASH
        : entry.prevHash === previous.hash && entry.seq === previous.seq + 1;
    const { seq, prevHash, hash, ...fields } = entry;
    if (!linked || auditHash(prevHash, seq, fields) !== hash) return entry;
    previous = entry;
  }
  return null;
}
