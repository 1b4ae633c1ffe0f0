/**
 * AUDIT_KEY at start: the service refuses to start without it once there is
 * an audit log (an unkeyed entry appended then could be rewritten by anyone
 * who can write the store). On a log whose newest entry is from before the
 * key (an existing deployment's first start with it), it appends one keyed
 * entry at once: its HMAC covers the last unkeyed hash, so the entries
 * before it can no longer be changed unnoticed, and `audit verify` holds the
 * log intact from the first start on, not only from the next sign-in.
 */
import { auditKeyProblem, isUnkeyed } from './audit-chain';
import type { Store } from './store-interface';
import { appendAudit } from './audit-append';

export class AuditKeyError extends Error {
  override name = 'AuditKeyError';
}

export async function keyAuditLog(store: Pick<Store, 'atomically'>, key: string | null): Promise<void> {
  const head = await store.atomically((tx) => tx.auditChainHead());
  const problem = auditKeyProblem(head, key, 'service');
  if (problem !== null) throw new AuditKeyError(problem);
  if (key === null || head === null || !isUnkeyed(head)) return;
  await appendAudit(store, {
    at: new Date().toISOString(),
    actor: null,
    action: 'audit-key',
    reference: null,
    detail: 'AUDIT_KEY set: this entry and every later one are keyed; the ones before are anchored by it',
  });
}
