/**
 * `audit`: the audit log, oldest first, with times in TZ_DISPLAY. `audit
 * verify`: checks its hash chain (service/audit-chain.ts) as stored; exit 0
 * when intact, 1 naming the first entry whose hash or link does not hold.
 * With the file store both read the files as they are on disk, without the
 * lock, so they work while the service runs.
 */
import { firstBrokenEntry } from '../audit-chain';
import { describeLocation, readAuditLog, type StoreLocation } from '../open-configured-store';
import type { Io } from './enquiries';
import { escapeForTerminal, plural, table, tableTime } from './format';

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

async function verifyAudit(location: StoreLocation, io: Io, timeZone: string): Promise<number> {
  const entries = (await readAuditLog(location)) ?? [];
  const broken = firstBrokenEntry(entries);
  if (broken === null) {
    io.out(`intact: ${plural(entries.length, 'entry', 'entries')}\n`);
    return 0;
  }
  io.out(
    `broken at entry ${broken.seq} (${tableTime(broken.at, timeZone)} ${timeZone}): it was changed, or an entry before it was changed, removed or inserted. It and every later entry cannot be trusted.\n`,
  );
  return 1;
}

/** `audit [verify]`; returns the exit code, or null for a subcommand it does not know. */
export async function runAuditCommand(location: StoreLocation, io: Io, timeZone: string, subcommand: string | undefined) {
  if (subcommand === undefined) return listAudit(location, io, timeZone);
  if (subcommand === 'verify') return verifyAudit(location, io, timeZone);
  return null;
}
