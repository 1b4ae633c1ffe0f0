/**
 * `audit`: the audit log, oldest first, with times in TZ_DISPLAY. `audit
 * verify`: checks its hash chain (service/audit-chain.ts) as stored, with
 * AUDIT_KEY; exit 0 when intact, 1 naming the first entry whose hash, link or
 * place does not hold. `--head SEQ:HASH` (a head printed by `audit head` or
 * sent in the daily notice, kept elsewhere) also fails when that entry is
 * missing or differs: the only way a cut end shows. With the file store these
 * read the files as they are on disk, without the lock, so they work while
 * the service runs.
 */
import { checkChain, describeHead, parseHead } from '../audit-chain';
import type { AuditRecord } from '../records';
import { describeLocation, readAuditLog, type StoreLocation } from '../open-configured-store';
import type { Io } from './io';
import { escapeForTerminal, plural, table, tableTime } from '../text/format';

/** A null actor is the service itself (retention), or a sign-in with a username nobody has. */
const cell = (value: string | null) => (value === null ? '-' : escapeForTerminal(value));

async function listAudit(location: StoreLocation, io: Io, timeZone: string): Promise<number> {
  const entries = (await readAuditLog(location)) ?? [];
  if (entries.length === 0) {
    io.out(`The audit log in ${describeLocation(location)} is empty.\n`);
    return 0;
  }
  const rows = [
    ['SEQ', `TIME (${timeZone})`, 'ACTOR', 'ACTION', 'REFERENCE', 'DETAIL'],
    ...entries.map((entry) => [
      String(entry.seq),
      tableTime(entry.at, timeZone),
      cell(entry.actor),
      entry.action,
      cell(entry.reference),
      cell(entry.detail),
    ]),
  ];
  io.out(`${plural(entries.length, 'audit entry', 'audit entries')} in ${describeLocation(location)}, oldest first:\n\n${table(rows)}\n`);
  return 0;
}

/** Why the log does not reach the head kept elsewhere; null when it does. */
function headProblem(entries: readonly AuditRecord[], head: Pick<AuditRecord, 'seq' | 'hash'>): string | null {
  const entry = entries.find((candidate) => candidate.seq === head.seq);
  const newest = entries.at(-1)?.seq ?? 0;
  const first = entries[0]?.seq ?? 0;
  if (entry === undefined && head.seq < first) {
    return `entry ${head.seq} of the head kept elsewhere is older than the log's start (${first}, after retention): check against a newer head.\n`;
  }
  if (entry === undefined) {
    return `entry ${head.seq} of the head kept elsewhere is not in the log (its newest is ${newest}): the log's end was cut, or it is not this deployment's log.\n`;
  }
  if (entry.hash !== head.hash)
    return `entry ${head.seq} differs from the head kept elsewhere: the log was rewritten from there or before.\n`;
  return null;
}

async function verifyAudit(location: StoreLocation, io: Io, timeZone: string, headText: string | undefined): Promise<number> {
  const head = headText === undefined ? null : parseHead(headText);
  if (headText !== undefined && head === null) {
    io.err('--head must be SEQ:HASH as `audit head` prints it, e.g. 42:3f…(64 hexadecimal digits).\n');
    return 2;
  }
  const entries = (await readAuditLog(location)) ?? [];
  const key = location.auditKey ?? null;
  const { problem, unkeyed } = checkChain(entries, key);
  if (problem !== null) {
    const entry = entries.find((candidate) => candidate.seq === problem.seq)!;
    const hint = key === null ? ' AUDIT_KEY is not set: a keyed entry can only be checked with it.' : '';
    io.out(
      `broken at entry ${entry.seq} (${tableTime(entry.at, timeZone)} ${timeZone}): ${problem.problem}. It and every later entry cannot be trusted.${hint}\n`,
    );
    return 1;
  }
  const missing = head === null ? null : headProblem(entries, head);
  if (missing !== null) {
    io.out(`broken: ${missing}`);
    return 1;
  }
  const before =
    unkeyed === 0 || key === null ? '' : `; the first ${unkeyed} from before AUDIT_KEY was set, anchored by the first keyed one`;
  const unchecked = key === null && entries.length > 0 ? ' (unkeyed: AUDIT_KEY is not set, so this shows only that the hashes agree)' : '';
  const through = head === null ? '' : `, through the head ${head.seq} kept elsewhere`;
  io.out(`intact: ${plural(entries.length, 'entry', 'entries')}${before}${through}${unchecked}\n`);
  return 0;
}

async function printHead(location: StoreLocation, io: Io): Promise<number> {
  const newest = ((await readAuditLog(location)) ?? []).at(-1);
  if (newest === undefined) {
    io.err(`The audit log in ${describeLocation(location)} is empty: there is no head yet.\n`);
    return 1;
  }
  io.out(`${describeHead(newest)}\n`);
  return 0;
}

/** `audit [verify [--head SEQ:HASH] | head]`; returns the exit code, or null for a subcommand it does not know. */
export async function runAuditCommand(
  location: StoreLocation,
  io: Io,
  timeZone: string,
  subcommand: string | undefined,
  head: string | undefined,
) {
  if (head !== undefined && subcommand !== 'verify') return null;
  if (subcommand === undefined) return listAudit(location, io, timeZone);
  if (subcommand === 'verify') return verifyAudit(location, io, timeZone, head);
  if (subcommand === 'head') return printHead(location, io);
  return null;
}
