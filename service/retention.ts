/**
 * Retention, as the personal-data notice promises: enquiries and spam older
 * than RETENTION_DAYS are deleted by the service itself, at start and then
 * daily, with the same compaction as `delete --email`, so they are gone from
 * disk. The log says how many, never what, and so does the audit log, which
 * is itself kept AUDIT_RETENTION_DAYS. Held for review and the daily tallies
 * are kept HELD_DAYS, whatever RETENTION_DAYS says.
 */
import { plural } from './text/format';
import type { Log } from './log';
import type { DeletedCounts, Store } from './store-interface';
import { HELD_DAYS } from './store-rules';
import { appendAudit, deleteAuditBefore } from './audit-append';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionOptions {
  store: Pick<Store, 'deleteOlderThan' | 'atomically' | 'deleteHeldBefore'>;
  /** 0 keeps every enquiry. */
  days: number;
  /** 0 keeps every audit entry. */
  auditDays: number;
  log: Log;
  now?: () => Date;
  /** How often the sweep runs after the one at start. */
  everyMs?: number;
}

async function sweepEnquiries({ store, days, log }: RetentionOptions, now: Date): Promise<DeletedCounts> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const deleted = await store.deleteOlderThan(cutoff);
  if (deleted.enquiries + deleted.spam > 0) {
    log({ level: 'info', msg: 'retention: old records deleted', olderThan: cutoff.toISOString(), ...deleted });
    await appendAudit(store, {
      at: now.toISOString(),
      actor: null,
      action: 'retention-delete',
      reference: null,
      detail: `${plural(deleted.enquiries, 'enquiry', 'enquiries')}, ${plural(deleted.spam, 'held record', 'held records')}, older than ${days} days`,
    });
  }
  return deleted;
}

async function sweepHeld({ store, log }: RetentionOptions, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - HELD_DAYS * DAY_MS);
  const held = await store.deleteHeldBefore(cutoff);
  if (held === 0) return;
  log({ level: 'info', msg: 'retention: old held records deleted', olderThan: cutoff.toISOString(), held });
  await appendAudit(store, {
    at: now.toISOString(),
    actor: null,
    action: 'retention-delete',
    reference: null,
    detail: `${plural(held, 'held record', 'held records')}, older than ${HELD_DAYS} days`,
  });
}

/** Deletes what is older than the retention periods now; resolves with the enquiries' counts. */
export async function sweepExpired(options: RetentionOptions): Promise<DeletedCounts> {
  const { store, days, auditDays, log, now = () => new Date() } = options;
  const at = now();
  const deleted = days === 0 ? { enquiries: 0, spam: 0 } : await sweepEnquiries(options, at);
  await sweepHeld(options, at);
  if (auditDays > 0) {
    const cutoff = new Date(at.getTime() - auditDays * DAY_MS);
    const entries = await deleteAuditBefore(store, cutoff);
    if (entries > 0) log({ level: 'info', msg: 'retention: old audit entries deleted', olderThan: cutoff.toISOString(), entries });
  }
  return deleted;
}

/** Sweeps at once and then every day. Returns the function that stops it. */
export function startRetention(options: RetentionOptions): () => void {
  const sweep = () =>
    sweepExpired(options).catch((error: unknown) =>
      options.log({ level: 'error', msg: 'retention: old records could not be deleted', error: String(error) }),
    );
  void sweep();
  const timer = setInterval(sweep, options.everyMs ?? DAY_MS).unref();
  return () => clearInterval(timer);
}
