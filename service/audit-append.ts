/**
 * The audit log's append, the same on every store: each entry numbered and
 * chained to the one before it (audit-chain.ts), one chain however many
 * instances append. It runs in a transaction (Store.atomically) that holds
 * the chain's head from reading it to adding the entry.
 */
import { chainedEntry } from './audit-chain';
import type { AuditRecord, NewAuditEntry } from './records';
import type { Transaction } from './store-interface';

/** `key`: AUDIT_KEY; null appends unkeyed, as before a deployment had one. */
export async function appendChained(
  tx: { auditChainHead(): Promise<Pick<AuditRecord, 'seq' | 'hash'> | null> } & Pick<Transaction, 'addAudit'>,
  entry: NewAuditEntry,
  key: string | null,
): Promise<AuditRecord> {
  // The time as every store gives it back (to the millisecond, in UTC): the hash is made over it, or it would not verify.
  const record = chainedEntry(await tx.auditChainHead(), { ...entry, at: new Date(entry.at).toISOString() }, key);
  await tx.addAudit(record);
  return record;
}
