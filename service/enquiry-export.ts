/**
 * An export of enquiries, as the CLI writes it and the inbox downloads it for
 * a personal-data request: the same rows, columns and text either way.
 */
import { toCsv } from './text/csv';
import { jsonForTerminal } from './text/format';
import { type EnquiryRecord, localeOf, type MessageRecord } from './records';

export type ExportFormat = 'csv' | 'json';

/**
 * The operator's view of an enquiry: no internal bookkeeping (key, fingerprint).
 * `locale` (en, ms, zh: the language the visitor wrote in) comes last, so that
 * the earlier columns keep their places in existing spreadsheets.
 */
export const EXPORT_COLUMNS = ['id', 'createdAt', 'firstName', 'lastName', 'email', 'phone', 'service', 'message', 'locale'] as const;

/** A personal-data export's last column: each enquiry's thread (replies, answers, hand-overs to WhatsApp), oldest first. */
const THREAD_COLUMN = 'thread';

function exportable(record: EnquiryRecord) {
  const row = { ...record, locale: localeOf(record) };
  return Object.fromEntries(EXPORT_COLUMNS.map((column) => [column, row[column]]));
}

/** One message as the export shows it: no internal ids; the hash and check code that prove it. */
function exportedMessage(message: MessageRecord) {
  const { kind, createdAt, userName, from, otherAddress, subject, text, quoted, attachments, sha256, checkCode } = message;
  return { kind, createdAt, staff: userName, from, otherAddress, subject, text, quoted, attachments, sha256, checkCode };
}

/** The thread in one spreadsheet cell: each message's time, kind and who, then its text. */
function threadCell(messages: readonly MessageRecord[]): string {
  return messages
    .map((message) => `${message.createdAt} ${message.kind} ${message.userName ?? message.from ?? ''}`.trim() + `\n${message.text}`)
    .join('\n\n');
}

/**
 * The export of `records`, in their order. With `messages` (a personal-data
 * export: one address's enquiries and the answers sent from it), each row ends
 * with its enquiry's thread, and the answers to others' enquiries follow in a
 * row of their own, with nothing of those enquiries.
 */
export function exportText(records: readonly EnquiryRecord[], format: ExportFormat, messages?: readonly MessageRecord[]): string {
  const threadColumn = (thread: readonly MessageRecord[]) => ({
    [THREAD_COLUMN]: format === 'csv' ? threadCell(thread) : thread.map(exportedMessage),
  });
  const rows = records.map((record): Record<string, unknown> => {
    const row = exportable(record);
    if (messages === undefined) return row;
    return { ...row, ...threadColumn(messages.filter((message) => message.enquiryId === record.id)) };
  });
  const ids = new Set(records.map((record) => record.id));
  const elsewhere = (messages ?? []).filter((message) => !ids.has(message.enquiryId));
  if (elsewhere.length > 0)
    rows.push({ ...Object.fromEntries(EXPORT_COLUMNS.map((column) => [column, null])), ...threadColumn(elsewhere) });
  if (format === 'json') return `${jsonForTerminal(rows)}\n`;
  const columns: string[] = messages === undefined ? [...EXPORT_COLUMNS] : [...EXPORT_COLUMNS, THREAD_COLUMN];
  return toCsv(rows, columns);
}
