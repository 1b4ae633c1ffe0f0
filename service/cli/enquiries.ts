/**
 * The operator's command: `npm run enquiries -- <command>`, against the
 * service's store (DATABASE_URL, else DB_FILE). Every command works while the
 * service runs: with the file store, the reading ones read the files without
 * the lock, and a change is made by the running service when it holds the
 * lock (see change-store.ts). With PostgreSQL, the command uses the database
 * as the instances do. This module reads the arguments and hands each
 * command to its own module (enquiry-commands.ts, spam-commands.ts, ...).
 */
import { parseArgs } from 'node:util';
import { loadAlertConfig, loadAuditKey, loadStoreLocation, loadTimeZone } from '../config';
import { listAlerts, retryAlerts, testAlert } from './alert-commands';
import { runAuditCommand } from './audit-commands';
import { deleteByEmail, exportEnquiries, list } from './enquiry-commands';
import type { Io } from './io';
import { copyToPostgres, upgradeStore } from './migrate-command';
import { changeHeld, listHeld } from './spam-commands';
import { runUserCommand } from './user-commands';

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
