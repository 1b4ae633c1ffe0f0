/**
 * The audit log's append, the same on every store: each entry numbered and
 * chained to the one before it (audit-chain.ts), one chain however many
 * instances append. It runs in a transaction (Store.atomically) that holds
 * the chain's head from reading it to adding the entry, keyed with the
 * store's AUDIT_KEY (Transaction.auditKey).
 */
import { chainedEntry } from './audit-chain';
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

/** Appends one entry to the audit log; resolves with it as stored. */
export function appendAudit(store: Pick<Store, 'atomically'>, entry: NewAuditEntry): Promise<AuditRecord> {
  return store.atomically((tx) => appendChained(tx, entry));
}
