/**
 * The audit log's head (`SEQ:HASH` of its newest entry), sent off the machine
 * once a UTC day through the alert outbox (alerts/operator-alerts.ts): whoever
 * later runs `audit verify --head` with the last one received finds a log
 * whose end was cut. The day's key makes it once a day across instances, and
 * the outbox retries it while the mail server or webhook is down.
 */
import { lookEvery } from '../periodic-look';
import { describeHead } from '../audit-chain';
import { queueOperatorAlert } from '../alerts/operator-alerts';
import type { Log } from '../log';
import { utcDay, type AlertChannel } from '../records';
import type { Store } from '../store-interface';

/** How often the service looks whether today's head was queued. */
export const AUDIT_HEAD_CHECK_MS = 60 * 60 * 1000;

export interface AuditHeadNoticeOptions {
  store: Pick<Store, 'atomically'>;
  alertChannels: readonly AlertChannel[];
  log: Log;
  now?: () => Date;
}

/** Queues today's head unless it was queued or the log is empty; resolves with whether this call queued it. */
export async function queueAuditHeadIfDue({ store, alertChannels, log, now = () => new Date() }: AuditHeadNoticeOptions): Promise<boolean> {
  const at = now();
  const day = utcDay(at);
  const head = await store.atomically((tx) => tx.auditChainHead());
  if (head === null) return false;
  const text = [
    `The audit log's newest entry on ${day} (UTC): ${describeHead(head)}`,
    '',
    'Keep this message: it is the proof that the log reached this entry. To check the log against it, on the service machine:',
    `  npm run enquiries -- audit verify --head ${describeHead(head)}`,
    'That fails if this entry is missing (the end of the log was cut) or differs (it was rewritten).',
    '',
  ].join('\n');
  const subject = `Audit log head on ${day}: entry ${head.seq}`;
  const queued = await queueOperatorAlert(store, alertChannels, { key: `audit-head-${day}`, event: 'audit.head', subject, text }, at);
  if (queued) log({ level: 'info', msg: 'audit log head queued', day, seq: head.seq });
  return queued;
}

/** Looks at once and then every AUDIT_HEAD_CHECK_MS. Returns the function that stops it. */
export function startAuditHeadNotice(options: AuditHeadNoticeOptions): () => void {
  if (options.alertChannels.length === 0) return () => {};
  return lookEvery(AUDIT_HEAD_CHECK_MS, () => queueAuditHeadIfDue(options), options.log, "the audit log's head could not be queued");
}
