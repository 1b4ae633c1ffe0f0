/**
 * The `list` and `spam` views: one block per record, made for reading in a
 * terminal. Dates are shown in UTC, as stored.
 */
import type { EnquiryRecord, SpamRecord } from '../db/schema';

/** "1 enquiry", "2 enquiries". */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function when(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function indent(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => `    ${line}`)
    .join('\n');
}

function formatRecord(record: EnquiryRecord | SpamRecord): string {
  const lines = [
    `${when(record.createdAt)}  ${record.firstName} ${record.lastName} <${record.email}>`,
    `  phone: ${record.phone || '-'}   service: ${record.service || '-'}   id: ${record.id}`,
  ];
  if ('website' in record) lines.push(`  honeypot field held: ${JSON.stringify(record.website)}`);
  lines.push('  message:', indent(record.message));
  return lines.join('\n');
}

export function formatEnquiries(
  records: readonly (EnquiryRecord | SpamRecord)[],
  { dbFile, spam }: { dbFile: string; spam: boolean },
): string {
  if (records.length === 0) return `No ${spam ? 'spam catches' : 'enquiries'} in ${dbFile}.\n`;
  const counted = spam
    ? `${plural(records.length, 'spam catch', 'spam catches')} (honeypot filled)`
    : plural(records.length, 'enquiry', 'enquiries');
  const heading = `${counted} in ${dbFile}, newest first:`;
  return `${heading}\n\n${records.map(formatRecord).join('\n\n')}\n`;
}
