/**
 * An export of enquiries, as the CLI writes it and the inbox downloads it for
 * a personal-data request: the same rows, columns and text either way.
 */
import { toCsv } from './text/csv';
import { jsonForTerminal } from './text/format';
import { type EnquiryRecord, localeOf } from './records';

export type ExportFormat = 'csv' | 'json';

/**
 * The operator's view of an enquiry: no internal bookkeeping (key, fingerprint).
 * `locale` (en, ms, zh: the language the visitor wrote in) comes last, so that
 * the earlier columns keep their places in existing spreadsheets.
 */
export const EXPORT_COLUMNS = ['id', 'createdAt', 'firstName', 'lastName', 'email', 'phone', 'service', 'message', 'locale'] as const;

function exportable(record: EnquiryRecord) {
  const row = { ...record, locale: localeOf(record) };
  return Object.fromEntries(EXPORT_COLUMNS.map((column) => [column, row[column]]));
}

/** The export of `records`, in their order. */
export function exportText(records: readonly EnquiryRecord[], format: ExportFormat): string {
  const rows = records.map(exportable);
  return format === 'csv' ? toCsv(rows, EXPORT_COLUMNS) : `${jsonForTerminal(rows)}\n`;
}
