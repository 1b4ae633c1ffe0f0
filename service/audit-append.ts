/**
 * The audit log's append, its retention cut and its reads, the same on every store: each entry numbered and
 * chained to the one before it (audit-chain.ts), one chain however many
 * instances append. It runs in a transaction (Store.atomically) that holds
 * the chain's head from reading it to adding the entry, keyed with the
 * store's AUDIT_KEY (Transaction.auditKey).
 */
import { auditCutDetail, chainedEntry } from './audit-chain';
import type { AuditRecord, NewAuditEntry } from './records';
import type { Store, Transaction } from './store-interface';

/** Within a transaction: the entry chained to the head, added. */
export async function appendChained(
  tx: { auditChainHead(): Promise<Pick<AuditRecord, 'seq' | 'hash'> | null> } & Pick<Transaction, 'addAudit' | 'auditKey'>,
  entry: NewAuditEntry,
): Promise<AuditRecord> {
  // The time as every store gives it back (to the millisecond, in UTC): the hash is made over it, or it would not verify.
  const record = chainedEntry(await tx.auditChainHead(), { ...entry, at: new Date(entry.at).toISOString() }, tx.auditKey);
  await tx.addAudit(record);
  return record;
}

/**
 * Removes every entry older than `cutoff` (AUDIT_RETENTION_DAYS), the newest
 * too, and appends in the same transaction the entry that says where the log
 * now starts (auditCutDetail), chained to the head as it was: nothing older
 * than retention stays, and the chain goes on unbroken. Resolves with how
 * many entries went.
 */
export function deleteAuditBefore(store: Pick<Store, 'atomically'>, cutoff: Date): Promise<number> {
  return store.atomically(async (tx) => {
    const head = await tx.auditChainHead();
    if (head === null) return 0;
    const { count, firstKept } = await tx.cutAudit(cutoff);
    if (count === 0) return 0;
    const detail = auditCutDetail(count, firstKept ?? head.seq + 1);
    const cut = { at: new Date().toISOString(), actor: null, action: 'retention-delete' as const, reference: null, detail };
    await tx.addAudit(chainedEntry(head, cut, tx.auditKey));
    return count;
  });
}

/** The audit log, oldest first; with `reference` (TW-XXXXXXXX, any case), only the entries about that enquiry. */
export function auditLog(store: Pick<Store, 'find'>, { reference }: { reference?: string } = {}): Promise<AuditRecord[]> {
  return store.find('audit', reference === undefined ? {} : { reference: reference.trim().toUpperCase() });
}

/** Appends one entry to the audit log; resolves with it as stored. */
export function appendAudit(store: Pick<Store, 'atomically'>, entry: NewAuditEntry): Promise<AuditRecord> {
  return store.atomically((tx) => appendChained(tx, entry));
}
