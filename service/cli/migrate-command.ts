/**
 * `npm run enquiries -- migrate`: upgrades the file store at DB_FILE from an
 * older format, once (see db/upgrade-store.ts).
 *
 * `npm run enquiries -- migrate --to postgres://...` (or with the URL in
 * DATABASE_URL, out of the shell's history and the process list): copies the
 * file store at DB_FILE into PostgreSQL, in one transaction; running it again
 * copies nothing twice (see db/postgres/copy-records.ts).
 */
import { copyFileStoreInto, upgradeFileStore } from '../open-configured-store';
import { AuditLogMismatchError } from '../store-interface';
import type { Io } from './io';
import { plural } from '../text/format';

export async function copyToPostgres(dbFile: string, io: Io, to: string | undefined): Promise<number> {
  if (to === undefined || !['postgres:', 'postgresql:'].includes(URL.canParse(to) ? new URL(to).protocol : '')) {
    io.err('migrate needs the database: set DATABASE_URL=postgres://user:password@host:5432/database, or give --to with that URL.\n');
    return 2;
  }
  let result;
  try {
    result = await copyFileStoreInto(dbFile, to);
  } catch (error) {
    if (!(error instanceof AuditLogMismatchError)) throw error;
    io.err(`${error.message} Nothing was copied.\n`);
    return 1;
  }
  if (result === null) {
    io.err(`No store to copy: ${dbFile} does not exist. Set DB_FILE to the store's file.\n`);
    return 1;
  }
  const { copied, of, database } = result;
  io.out(
    `Copied ${plural(copied.enquiries, 'enquiry', 'enquiries')} of ${of.enquiries.length}, ` +
      `${plural(copied.spam, 'spam record', 'spam records')} of ${of.spam.length}, ` +
      `${plural(copied.alerts, 'alert', 'alerts')} of ${of.alerts.length}, ${plural(copied.users, 'user', 'users')} of ${of.users.length}, ` +
      `${plural(copied.notes, 'note', 'notes')} of ${of.notes.length}, ${plural(copied.messages, 'message', 'messages')} of ${of.messages.length} and ${plural(copied.audit, 'audit entry', 'audit entries')} of ${of.audit.length} ` +
      `from ${dbFile} to ${database}; the others were there already.\n`,
  );
  return 0;
}

export async function upgradeStore(dbFile: string, io: Io): Promise<number> {
  const result = await upgradeFileStore(dbFile);
  if (!result.upgraded) {
    if (result.found) io.out(`${dbFile} is in the current format already: nothing to upgrade.\n`);
    else io.err(`No store to upgrade: ${dbFile} does not exist. Set DB_FILE to the store's file.\n`);
    return result.found ? 0 : 1;
  }
  const { enquiries, spam, users, alerts } = result.data;
  io.out(
    `Upgraded ${dbFile} from format version ${result.from}: ${plural(enquiries.length, 'enquiry', 'enquiries')}, ` +
      `${plural(spam.length, 'spam record', 'spam records')}, ${plural(alerts.length, 'alert', 'alerts')} and ${plural(users.length, 'user', 'users')}.\n`,
  );
  return 0;
}
