/**
 * `list`, `export` and `delete --email`: the enquiries themselves. What shows
 * personal data is put on record first (change-store.ts recordAccess).
 */
import { writeFile } from 'node:fs/promises';
import { exportText } from '../enquiry-export';
import { describeLocation, readMessages, readRecords, type StoreLocation } from '../open-configured-store';
import { sameEmail, sentFrom } from '../store-rules';
import { escapeForTerminal, plural } from '../text/format';
import { changeStore, cliActor, recordAccess } from './change-store';
import type { Io } from './io';
import { formatEnquiries } from './record-views';

function newestFirst<T extends { createdAt: string }>(records: readonly T[]): T[] {
  return [...records].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export async function list(location: StoreLocation, io: Io, which: 'enquiries' | 'spam'): Promise<number> {
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

/**
 * For a command whose empty answer would look like an answer (an export, a
 * deletion for a personal-data request): a mistyped DB_FILE must not pass for
 * a store holding nothing.
 */
function noStore(location: StoreLocation, outcome: string): string {
  return `No store at ${location.dbFile}: ${outcome}. Set DB_FILE (or DATABASE_URL) to the service's store.\n`;
}

export async function exportEnquiries(
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
  // One address's export is a personal-data request's: each enquiry's thread goes with it.
  const ids = new Set(rows.map((record) => record.id));
  const thread =
    email === undefined
      ? undefined
      : ((await readMessages(location)) ?? []).filter((message) => ids.has(message.enquiryId) || sentFrom(message, email));
  const text = exportText(rows, format, thread);
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

export async function deleteByEmail(location: StoreLocation, io: Io, email: string | undefined): Promise<number> {
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
