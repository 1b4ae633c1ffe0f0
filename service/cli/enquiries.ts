/**
 * The operator's command: `npm run enquiries -- <command>`, against the
 * service's store (DATABASE_URL, else DB_FILE). Every command works while the
 * service runs: with the file store, the reading ones read the files without
 * the lock, and a change is made by the running service when it holds the
 * lock (see change-store.ts). With PostgreSQL, the command uses the database
 * as the instances do.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadAlertConfig, loadAuditKey, loadStoreLocation, loadTimeZone } from '../config';
import { exportText } from '../enquiry-export';
import { sameEmail } from '../store-rules';
import { listAlerts, retryAlerts, testAlert } from './alert-commands';
import { runAuditCommand } from './audit-commands';
import { configuredChannels } from '../alerts/alert-senders';
import { utcDay } from '../records';
import { HELD_DAYS } from '../store-rules';
import { changeStore, cliActor, recordAccess } from './change-store';
import { escapeForTerminal, formatEnquiries, formatTallies, plural } from './format';
import { copyToPostgres, upgradeStore } from './migrate-command';
import type { Stdin } from './password-input';
import { runUserCommand } from './user-commands';
import { describeLocation, readRecords, readTallies, type StoreLocation } from '../open-configured-store';

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
  /** Standard output is a terminal (not a pipe or a file). */
  outIsTerminal?: boolean;
  /** Where `users add` and `users reset` read the new password. */
  stdin?: Stdin;
}

const USAGE = `Usage: npm run enquiries -- <command>

  list                                 the enquiries, newest first
  export --format csv|json [--out FILE] [--email ADDRESS]
                                       every enquiry (or one person's, for an access or
                                       portability request), oldest first, to stdout or a new FILE
  delete --email ADDRESS               remove every enquiry and spam catch from ADDRESS
  spam                                 what is held for review, newest first, and what was counted
                                       instead of stored (a filled honeypot, repeated challenge failures)
  spam release ID                      make a held one (id or reference TW-XXXXXXXX) an enquiry, and
                                       send its alerts now
  spam delete ID                       delete a held one
  alerts                               alerts pending or failed, with their last error and next attempt
  alerts retry                         send the failed alerts again
  test-alert                           send a test e-mail and webhook with the current settings,
                                       and print what the servers answered
  users list                           the staff accounts of the inbox, and whether each has two-factor
  users add NAME                       a new account; its password is the first line of standard input,
                                       or typed twice at a terminal; prints its one-time enrolment code
  users reset NAME                     a new password (read the same way) and enrolment code; clears the
                                       account's two-factor and recovery codes and ends its sessions
  users remove NAME                    removes the account and ends its sessions
  audit                                the audit log, oldest first
  audit verify [--head SEQ:HASH]       check the audit log's hash chain with AUDIT_KEY: exit 0 when intact,
                                       1 when not; with --head, also that this entry (kept elsewhere) is there
  audit head                           the newest entry as SEQ:HASH, to keep off this machine
  migrate                              without --to or DATABASE_URL: upgrade the store at DB_FILE
                                       from an older version's format, once (service stopped)
  migrate [--to postgres://...]        copy the store at DB_FILE into that PostgreSQL database
                                       (without --to, the one DATABASE_URL names, which keeps the
                                       password out of the shell's history); running it again
                                       copies nothing twice

The store is DATABASE_URL when it is set, else DB_FILE (default data/db.json); the alert settings are the
service's (SMTP_URL, NOTIFY_EMAIL_TO, NOTIFY_EMAIL_FROM, NOTIFY_WEBHOOK_URL,
NOTIFY_WEBHOOK_SECRET, TZ_DISPLAY, AUDIT_KEY). Changes, lists and exports are recorded in the audit log as by cli:<login name>.
`;

function newestFirst<T extends { createdAt: string }>(records: readonly T[]): T[] {
  return [...records].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

async function list(location: StoreLocation, io: Io, which: 'enquiries' | 'spam'): Promise<number> {
  const records = await readRecords(location);
  if (!records.found) {
    io.out(`No store yet: ${location.dbFile} does not exist. It is created when the service first starts.\n`);
    return 0;
  }
  const shown = records[which];
  if (shown.length > 0) await recordAccess(location, 'list', `${which === 'spam' ? 'spam catches' : 'enquiries'}, ${shown.length}`);
  io.out(formatEnquiries(newestFirst(shown), { dbFile: describeLocation(location), spam: which === 'spam' }));
  return 0;
}

async function listHeld(location: StoreLocation, io: Io): Promise<number> {
  const code = await list(location, io, 'spam');
  const since = utcDay(new Date(Date.now() - HELD_DAYS * 24 * 60 * 60 * 1000));
  const tallies = await readTallies(location, since);
  if (tallies !== null) io.out(`\n${formatTallies(tallies, since)}`);
  return code;
}

/** `spam release ID` and `spam delete ID`, by the running service when it holds the file store; on the audit log. */
async function changeHeld(location: StoreLocation, io: Io, action: 'release' | 'delete', id: string | undefined): Promise<number> {
  if (!id?.trim()) {
    io.err(`spam ${action} needs the id or reference (TW-XXXXXXXX) of a held record: npm run enquiries -- spam lists them.\n`);
    return 2;
  }
  const request = { command: action === 'release' ? 'held-release' : 'held-delete', actor: cliActor(), id } as const;
  const { answer } = await changeStore(location, request, { alertChannels: configuredChannels(loadAlertConfig(io.env)) });
  if (answer.reference === null) {
    io.err(`Nothing held for review has the id or reference ${escapeForTerminal(id.trim())}.\n`);
    return 1;
  }
  io.out(
    action === 'release'
      ? `Released: it is now enquiry ${answer.reference}, and its alerts are queued.\n`
      : `Deleted ${answer.reference}.\n`,
  );
  return 0;
}

/**
 * For a command whose empty answer would look like an answer (an export, a
 * deletion for a personal-data request): a mistyped DB_FILE must not pass for
 * a store holding nothing.
 */
function noStore(location: StoreLocation, outcome: string): string {
  return `No store at ${location.dbFile}: ${outcome}. Set DB_FILE (or DATABASE_URL) to the service's store.\n`;
}

async function exportEnquiries(
  location: StoreLocation,
  io: Io,
  format: string | undefined,
  out: string | undefined,
  email: string | undefined,
) {
  if (format !== 'csv' && format !== 'json') {
    io.err('export needs --format csv or --format json.\n');
    return 2;
  }
  // CSV keeps every character a visitor typed, as a spreadsheet needs it: not for a terminal to interpret.
  if (format === 'csv' && out === undefined && io.outIsTerminal) {
    io.err('CSV is written to a file, not to the terminal: add --out FILE (or redirect it: > enquiries.csv).\n');
    return 2;
  }
  const { enquiries, found } = await readRecords(location);
  if (!found) {
    io.err(noStore(location, 'nothing was exported'));
    return 1;
  }
  const rows = email === undefined ? enquiries : enquiries.filter((record) => sameEmail(record.email, email));
  // On record before anyone sees the data; the address itself stays out of the log.
  const detail = `${format}, ${plural(rows.length, 'enquiry', 'enquiries')}${email === undefined ? '' : ' of one address'}`;
  await recordAccess(location, 'export', detail);
  const text = exportText(rows, format);
  if (out === undefined) {
    io.out(text);
    return 0;
  }
  try {
    // Personal data: readable by the owner only, and never written over an existing file.
    await writeFile(out, text, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    io.err(`${out} already exists. Choose another file name, or delete it first.\n`);
    return 1;
  }
  io.err(`Exported ${plural(rows.length, 'enquiry', 'enquiries')} to ${out}.\n`);
  return 0;
}

async function deleteByEmail(location: StoreLocation, io: Io, email: string | undefined): Promise<number> {
  if (!email?.trim()) {
    io.err('delete needs --email ADDRESS.\n');
    return 2;
  }
  if (!(await readRecords(location)).found) {
    io.err(noStore(location, 'nothing was deleted'));
    return 1;
  }
  const { answer: removed } = await changeStore(location, { command: 'delete-by-email', actor: cliActor(), email }, { onWait: io.err });
  io.out(
    `Deleted ${plural(removed.enquiries, 'enquiry', 'enquiries')} and ${plural(removed.spam, 'spam record', 'spam records')} from ${escapeForTerminal(email.trim())}.\n`,
  );
  return 0;
}

/** Runs one command; returns the exit code. */
export async function runEnquiries(argv: readonly string[], io: Io): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        format: { type: 'string' },
        out: { type: 'string' },
        email: { type: 'string' },
        to: { type: 'string' },
        head: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const [command, subcommand] = positionals;
  if (values.help || command === undefined || command === 'help') {
    io.out(USAGE);
    return command === undefined && !values.help ? 2 : 0;
  }

  const location = { ...loadStoreLocation(io.env), auditKey: loadAuditKey(io.env) };
  switch (command) {
    case 'list':
      return list(location, io, 'enquiries');
    case 'spam':
      if (subcommand === 'release' || subcommand === 'delete') {
        if (positionals.length > 3) break;
        return changeHeld(location, io, subcommand, positionals[2]);
      }
      if (subcommand !== undefined) break;
      return listHeld(location, io);
    case 'export':
      return exportEnquiries(location, io, values.format, values.out, values.email);
    case 'delete':
      return deleteByEmail(location, io, values.email);
    case 'alerts':
      if (subcommand === 'retry') return retryAlerts(location, io, loadAlertConfig(io.env));
      if (subcommand !== undefined) break;
      return listAlerts(location, io, loadAlertConfig(io.env));
    case 'test-alert':
      return testAlert(io, loadAlertConfig(io.env));
    case 'users': {
      const code = await runUserCommand(location, io, loadTimeZone(io.env), positionals.slice(1));
      if (code === null) break;
      return code;
    }
    case 'audit': {
      if (positionals.length > 2) break;
      const code = await runAuditCommand(location, io, loadTimeZone(io.env), subcommand, values.head);
      if (code === null) break;
      return code;
    }
    case 'migrate':
      if (values.to === undefined && location.databaseUrl === null) return upgradeStore(location.dbFile, io);
      return copyToPostgres(location.dbFile, io, values.to ?? location.databaseUrl ?? undefined);
  }
  io.err(`Unknown command: ${positionals.join(' ')}\n\n${USAGE}`);
  return 2;
}
