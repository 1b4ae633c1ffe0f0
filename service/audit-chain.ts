/**
 * The audit log's hash chain, the same for every store: each entry's hash is
 * HMAC-SHA-256 under AUDIT_KEY over the previous entry's hash and this entry's
 * fields in a fixed order, so an entry changed, removed or inserted breaks
 * every hash after it, and whoever can write the store but lacks the key
 * cannot make the hashes agree again. The first entry ever chains to
 * GENESIS_HASH.
 *
 * Entries written before the deployment had a key are plain SHA-256: they
 * stay as they were, and the first keyed entry, whose HMAC covers the last
 * unkeyed hash, anchors them. After that every entry must be keyed.
 *
 * Retention removes a prefix of the log and, in the same write, appends a
 * keyed entry saying where the log now starts (auditCutDetail): a first kept
 * entry other than 1 that no such entry accounts for is a cut start. A cut end
 * leaves a shorter chain that holds: only a head kept elsewhere (`audit head`,
 * sent daily to the alert channels) shows it.
 */
import { createHash, createHmac } from 'node:crypto';
import type { AuditRecord, NewAuditEntry } from './records';

export const GENESIS_HASH = '0'.repeat(64);

type Chained = Pick<AuditRecord, 'seq' | 'prevHash' | 'hash'> & NewAuditEntry;

/** `key` null: the unkeyed SHA-256 of entries written before the deployment had AUDIT_KEY. */
export function auditHash(prevHash: string, seq: number, entry: NewAuditEntry, key: string | null): string {
  const fields = [seq, entry.at, entry.actor, entry.action, entry.reference, entry.detail];
  const digest = key === null ? createHash('sha256') : createHmac('sha256', key);
  return digest.update(prevHash).update(JSON.stringify(fields)).digest('hex');
}

const fieldsOf = ({ seq: _seq, prevHash: _prevHash, hash: _hash, ...fields }: Chained): NewAuditEntry => fields;

/** Whether `entry` was hashed without a key (before the deployment had AUDIT_KEY), as stored. */
export function isUnkeyed(entry: Chained): boolean {
  return auditHash(entry.prevHash, entry.seq, fieldsOf(entry), null) === entry.hash;
}

/** The entry that follows `previous` (null: the first ever) in the chain, keyed with `key` (null: unkeyed, before a key was set). */
export function chainedEntry(previous: Pick<AuditRecord, 'seq' | 'hash'> | null, entry: NewAuditEntry, key: string | null): AuditRecord {
  const seq = (previous?.seq ?? 0) + 1;
  const prevHash = previous?.hash ?? GENESIS_HASH;
  return { seq, ...entry, prevHash, hash: auditHash(prevHash, seq, entry, key) };
}

const CUT_DETAIL = /the log now starts at entry (\d+)$/;

/** The detail of retention's entry after it removed the oldest `count` entries: the number of the first one kept is part of it. */
export function auditCutDetail(count: number, firstKept: number): string {
  return `${count} audit ${count === 1 ? 'entry' : 'entries'} past AUDIT_RETENTION_DAYS removed; the log now starts at entry ${firstKept}`;
}

/** Where the newest retention entry says the log starts; null when none says so. */
function recordedStart(entries: readonly AuditRecord[]): number | null {
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const { actor, action, detail } = entries[index]!;
    const match = actor === null && action === 'retention-delete' ? CUT_DETAIL.exec(detail ?? '') : null;
    if (match) return Number(match[1]);
  }
  return null;
}

export interface ChainProblem {
  /** The entry it concerns (the first kept one for a cut start). */
  seq: number;
  problem: string;
}

export interface ChainCheck {
  problem: ChainProblem | null;
  /** Entries from before the deployment had AUDIT_KEY, at the start of the log. */
  unkeyed: number;
}

/**
 * Checks the log, oldest first, with AUDIT_KEY (`key`; null checks an unkeyed
 * log only): every link and hash, an unkeyed part only before the first keyed
 * entry, the newest entry keyed, and a start that is entry 1 or the one
 * retention recorded.
 */
export function checkChain(entries: readonly AuditRecord[], key: string | null): ChainCheck {
  let unkeyed = 0;
  let keyedSeen = false;
  let previous: AuditRecord | null = null;
  for (const entry of entries) {
    const linked =
      previous === null
        ? entry.seq !== 1 || entry.prevHash === GENESIS_HASH
        : entry.prevHash === previous.hash && entry.seq === previous.seq + 1;
    const keyed = key !== null && auditHash(entry.prevHash, entry.seq, fieldsOf(entry), key) === entry.hash;
    const plain = !keyed && !keyedSeen && isUnkeyed(entry);
    if (!linked || !(keyed || plain)) {
      return { problem: { seq: entry.seq, problem: 'it was changed, or an entry before it was changed, removed or inserted' }, unkeyed };
    }
    if (plain) unkeyed += 1;
    keyedSeen ||= keyed;
    previous = entry;
  }
  const first = entries[0];
  if (first !== undefined && first.seq !== 1 && recordedStart(entries) !== first.seq) {
    const problem = `the log's start was cut: it starts at entry ${first.seq}, and no retention entry says the entries before it were removed`;
    return { problem: { seq: first.seq, problem }, unkeyed };
  }
  if (key !== null && previous !== null && unkeyed === entries.length) {
    const problem =
      'the newest entry is not keyed with AUDIT_KEY: the service has not written with this key since, or the log was rewritten';
    return { problem: { seq: previous.seq, problem }, unkeyed };
  }
  return { problem: null, unkeyed };
}

/** The first entry, oldest first, whose hash, link or place does not hold; null when the chain is intact. */
export function firstBrokenEntry(entries: readonly AuditRecord[], key: string | null = null): AuditRecord | null {
  const { problem } = checkChain(entries, key);
  return problem === null ? null : (entries.find((entry) => entry.seq === problem.seq) ?? null);
}

/** `SEQ:HASH`, the head as `audit head` prints it and `audit verify --head` takes it. */
export const describeHead = ({ seq, hash }: Pick<AuditRecord, 'seq' | 'hash'>) => `${seq}:${hash}`;

export function parseHead(text: string): Pick<AuditRecord, 'seq' | 'hash'> | null {
  const match = /^(\d+):([0-9a-f]{64})$/.exec(text.trim());
  return match ? { seq: Number(match[1]), hash: match[2]! } : null;
}

/** Whether `entry` was keyed with `key`, as stored. */
function isKeyedWith(entry: Chained, key: string): boolean {
  return auditHash(entry.prevHash, entry.seq, fieldsOf(entry), key) === entry.hash;
}

/**
 * Why the service or the CLI must not append to a log with `head` as its
 * newest entry when AUDIT_KEY is `key`; null when it may. The service needs
 * the key once there is a log; the CLI, which may run where the service's key
 * is not, needs it once the log is keyed (an unkeyed entry after a keyed one
 * would break the chain). Either refuses a key the newest keyed entry was not
 * made with: appending under it would leave a log that holds under no key.
 */
export function auditKeyProblem(head: AuditRecord | null, key: string | null, by: 'service' | 'cli'): string | null {
  if (head === null || (key === null && by === 'cli' && isUnkeyed(head))) return null;
  if (key !== null) {
    if (isUnkeyed(head) || isKeyedWith(head, key)) return null;
    return (
      `AUDIT_KEY is not the key the audit log was written with: its newest entry (${head.seq}) does not hold under it, and entries appended now would hold under neither. ` +
      'Set AUDIT_KEY to the key the log was written with (the copy kept off this machine; see "Keys" in docs/operations.md).'
    );
  }
  const how =
    by === 'service'
      ? 'Make one with `openssl rand -base64 32`, keep a copy off this machine, set it as AUDIT_KEY (the environment, or the systemd credential AUDIT_KEY), and start again.'
      : "Run the command with the service's AUDIT_KEY in its environment.";
  return `The audit log has entries, and AUDIT_KEY is not set: every audit entry is keyed with it, so that nobody who can only write the store can rewrite the log. ${how}`;
}
