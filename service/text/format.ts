/**
 * Text for a person, wherever the service writes it: counts with their noun,
 * tables and their times, and the escapes that keep what a visitor typed (or
 * a server answered) from acting on a terminal. The CLI's views, the audit
 * entries of the control socket, retention's log and the inbox's exports all
 * use it.
 */

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
