/**
 * CSV for spreadsheets (RFC 4180: every cell quoted, CRLF line ends), safe to
 * open in Excel, LibreOffice or Google Sheets: a cell that starts with = + - @
 * tab or carriage return would run as a formula there, so it gets a leading
 * apostrophe (OWASP "CSV Injection"). A phone number "+60 12..." therefore
 * shows as '+60 12... in the file; the spreadsheet displays it as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeCsvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** A UTF-8 byte order mark first, so that Excel reads accented names correctly. */
export function toCsv<Row>(rows: readonly Row[], columns: readonly (keyof Row & string)[]): string {
  const lines = [columns, ...rows.map((row) => columns.map((column) => String(row[column] ?? '')))];
  return `\ufeff${lines.map((cells) => cells.map(escapeCsvCell).join(',')).join('\r\n')}\r\n`;
}
