/**
 * Text for the operator's terminal: the `list` and `spam` views (one block
 * per record; dates in UTC, as stored) and the escapes every command uses.
 * Every field a visitor typed, and every answer a server gave, is escaped:
 * nothing they send can move the cursor, rewrite a line, or reorder the text
 * around it.
 */
import { describeHoldReason } from '../../contract/hold-reasons';
import { enquiryReference } from '../../contract/reference';
import { languageLabel } from '../alerts/alert-message';
import { type EnquiryRecord, isNoticeClaim, localeOf, reasonOf, type SpamRecord, type TallyRecord } from '../records';
import { TALLY_TEXT } from '../review/tally-text';

/** "1 enquiry", "2 enquiries". */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "2026-11-27 14:03:05" in `timeZone`: one column of a table. */
export function tableTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map(({ type, value }) => [type, value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Rows of cells as columns two spaces apart; the last column is not padded. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => [...row[column]!].length)));
  return rows
    .map((row) =>
      row.map((cell, column) => (column === row.length - 1 ? cell : cell + ' '.repeat(widths[column]! - [...cell].length))).join('  '),
    )
    .join('\n');
}

function when(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

// C0 and C1 controls (a \r rewinds the line, ESC and CSI start terminal commands), and the
// bidirectional marks, embeddings, overrides and isolates, which reorder the text shown after
// them ("Trojan Source", CVE-2021-42574): U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069;
// and the line and paragraph separators U+2028/U+2029, which some terminals and editors break on.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_FOR_TERMINAL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// The same set but C0, which JSON.stringify escapes itself (and whose \n it writes between lines).
const UNSAFE_LEFT_BY_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const unicodeEscape = (character: string) => `\\u${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Shows each unsafe character as a visible escape: `\r`, `\u202E`. */
export function escapeForTerminal(text: string): string {
  return text.replace(UNSAFE_FOR_TERMINAL, (character) => NAMED_ESCAPES[character] ?? unicodeEscape(character));
}

/**
 * Indented JSON with each of those characters written as its `\uXXXX` escape:
 * safe to print, and it parses back to the same text.
 */
export function jsonForTerminal(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(UNSAFE_LEFT_BY_JSON, unicodeEscape);
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
