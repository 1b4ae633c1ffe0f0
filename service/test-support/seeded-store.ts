/**
 * A store seeded as the service writes it, for the benchmarks that start the
 * service on many enquiries: a journal that the first start replays and
 * compacts.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAttempt, DEFAULT_RETRY_POLICY, newAlert } from '../alerts/alert-records';
import { journalHeader, journalLine, storeFilesFor } from '../db/store-files';
import { enquiryRecord } from './fixtures';

/** How long after an enquiry its e-mail alert was sent. */
const SENT_AFTER_MS = 1_000;

/**
 * `size` enquiries at `dbFile`, each with its e-mail alert and that alert's
 * state once sent a second later, as in a store that has had alerts on all
 * along with a mail server that took them. Returns `dbFile`.
 */
export async function seedStoreWithSentAlerts(dbFile: string, size: number): Promise<string> {
  await mkdir(path.dirname(dbFile), { recursive: true });
  const lines = [journalHeader(0)];
  for (let index = 0; index < size; index += 1) {
    const record = enquiryRecord(index);
    const alert = newAlert(record, 'email');
    const sentAt = new Date(Date.parse(record.createdAt) + SENT_AFTER_MS);
    const sent = afterAttempt(alert, { kind: 'sent', response: '250 OK' }, sentAt, DEFAULT_RETRY_POLICY);
    lines.push(
      journalLine([
        { op: 'add', collection: 'enquiries', record },
        { op: 'add', collection: 'alerts', record: alert },
      ]),
      journalLine([{ op: 'put', collection: 'alerts', record: sent }]),
    );
  }
  await writeFile(storeFilesFor(dbFile).journal, lines.join(''));
  return dbFile;
}
