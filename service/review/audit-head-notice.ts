/**
 * The audit log's head (`SEQ:HASH` of its newest entry), sent off the machine
 * once a UTC day through the alert channels: whoever later runs `audit verify
 * --head` with the last one received finds a log whose end was cut. One
 * instance sends it (Store.claimDaily); one that cannot gives the claim back,
 * and the next look tries again.
 *
 * It goes through OperatorNotices for now, as the digest does: the one place
 * to change when operator notices move to the alert outbox.
 */
import escapeHtml from 'escape-html';
import { describeHead } from '../audit-chain';
import type { Log } from '../log';
import { utcDay } from '../records';
import type { Store } from '../store-interface';
import type { OperatorNotices } from './operator-notices';

/** How often the service looks whether today's head was sent. */
export const AUDIT_HEAD_CHECK_MS = 60 * 60 * 1000;

export interface AuditHeadNoticeOptions {
  store: Pick<Store, 'auditHead' | 'claimDaily' | 'releaseDaily'>;
  notices: OperatorNotices;
  log: Log;
  now?: () => Date;
}

/** Sends today's head unless it was sent or the log is empty; resolves with whether this call sent it. */
export async function sendAuditHeadIfDue({ store, notices, log, now = () => new Date() }: AuditHeadNoticeOptions): Promise<boolean> {
  if (!notices.canMail && !notices.canPost) return false;
  const day = utcDay(now());
  const head = await store.auditHead();
  if (head === null || !(await store.claimDaily('audit-head-sent', day))) return false;
  const text = [
    `The audit log's newest entry on ${day} (UTC): ${describeHead(head)}`,
    '',
    'Keep this message: it is the proof that the log reached this entry. To check the log against it, on the service machine:',
    `  npm run enquiries -- audit verify --head ${describeHead(head)}`,
    'That fails if this entry is missing (the end of the log was cut) or differs (it was rewritten).',
    '',
  ].join('\n');
  const outcomes = await Promise.allSettled([
    notices.mail({
      subject: `Audit log head on ${day}: entry ${head.seq}`,
      text,
      html: `<pre>${escapeHtml(text)}</pre>`,
      messageId: `audit-head-${day}`,
    }),
    notices.webhook('audit.head', `audit-head-${day}`, { day, seq: head.seq, hash: head.hash }),
  ]);
  if (!outcomes.some((outcome) => outcome.status === 'fulfilled' && outcome.value)) {
    await store.releaseDaily('audit-head-sent', day);
    throw new Error(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : '')).join(' '));
  }
  log({ level: 'info', msg: 'audit log head sent', day, seq: head.seq });
  return true;
}

/** Looks at once and then every AUDIT_HEAD_CHECK_MS. Returns the function that stops it. */
export function startAuditHeadNotice(options: AuditHeadNoticeOptions): () => void {
  if (!options.notices.canMail && !options.notices.canPost) return () => {};
  const look = () =>
    sendAuditHeadIfDue(options).catch((error: unknown) =>
      options.log({ level: 'error', msg: "the audit log's head could not be sent", error: String(error) }),
    );
  void look();
  const timer = setInterval(look, AUDIT_HEAD_CHECK_MS).unref();
  return () => clearInterval(timer);
}
