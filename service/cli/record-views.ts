/**
 * The operator's views of records in the terminal: the `list` and `spam`
 * views (one block per record; dates in UTC, as stored) and what was counted
 * instead of stored. Every field a visitor typed is escaped
 * (../text/format.ts): nothing they send can move the cursor, rewrite a line,
 * or reorder the text around it.
 */
import { describeHoldReason } from '../../contract/hold-reasons';
import { enquiryReference } from '../../contract/reference';
import { languageLabel } from '../alerts/alert-message';
import { type EnquiryRecord, isNoticeClaim, localeOf, reasonOf, type SpamRecord, type TallyRecord } from '../records';
import { TALLY_TEXT } from '../review/tally-text';
import { escapeForTerminal, plural } from '../text/format';

function when(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** The message's own line breaks stay line breaks, indented; a lone \r is escaped. */
function indent(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => `    ${escapeForTerminal(line)}`)
    .join('\n');
}

function formatRecord(record: EnquiryRecord | SpamRecord): string {
  const field = escapeForTerminal;
  const lines = [
    `${when(record.createdAt)}  ${field(record.firstName)} ${field(record.lastName)} <${field(record.email)}>`,
    `  phone: ${field(record.phone) || '-'}   service: ${field(record.service) || '-'}   language: ${languageLabel(localeOf(record))}   id: ${record.id}`,
  ];
  if ('reason' in record || 'website' in record) {
    const held = record as SpamRecord;
    lines.push(`  held: ${describeHoldReason(reasonOf(held))}   reference: ${enquiryReference(held.id)}`);
    // JSON.stringify escapes C0 controls only; escapeForTerminal then shows C1 and bidi characters.
    if (held.website !== undefined) lines.push(`  honeypot field held: ${field(JSON.stringify(held.website))}`);
  }
  lines.push('  message:', indent(record.message));
  return lines.join('\n');
}

export function formatEnquiries(
  records: readonly (EnquiryRecord | SpamRecord)[],
  { dbFile, spam }: { dbFile: string; spam: boolean },
): string {
  if (records.length === 0) return spam ? `Nothing held for review in ${dbFile}.\n` : `No enquiries in ${dbFile}.\n`;
  const counted = spam ? `${records.length} held for review` : plural(records.length, 'enquiry', 'enquiries');
  const heading = `${counted} in ${dbFile}, newest first:`;
  return `${heading}\n\n${records.map(formatRecord).join('\n\n')}\n`;
}

/** What was counted instead of stored, a UTC day at a time, with the examples kept (escaped). */
export function formatTallies(tallies: readonly TallyRecord[], sinceDay: string): string {
  const counted = tallies.filter((tally) => !isNoticeClaim(tally.name));
  if (counted.length === 0) return `Nothing counted since ${sinceDay}.\n`;
  const lines = counted.flatMap((tally) => [
    `${tally.day}  ${tally.count.toLocaleString('en')}  ${TALLY_TEXT[tally.name]}`,
    ...tally.examples.map((example) => `    e.g. ${escapeForTerminal(example)}`),
  ]);
  return `Counted, not stored, since ${sinceDay} (UTC days):\n${lines.join('\n')}\n`;
}
