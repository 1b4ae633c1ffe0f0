import { describe, expect, it } from 'vitest';
import { escapeCsvCell, toCsv } from './csv';

describe('escapeCsvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['+60 12-345 6789', `"'+60 12-345 6789"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
    ['\tcmd', `"'\tcmd"`],
    ['\rcmd', `"'\rcmd"`],
    ['plain text, with a comma', '"plain text, with a comma"'],
    ['line one\nline two', '"line one\nline two"'],
    ['a "quoted" word', '"a ""quoted"" word"'],
    ['', '""'],
  ])('%j → %s', (value, expected) => {
    expect(escapeCsvCell(value)).toBe(expected);
  });
});

describe('toCsv', () => {
  it('writes a byte order mark, a header row and CRLF line ends', () => {
    const csv = toCsv([{ a: '1', b: '=2' }], ['a', 'b']);
    expect(csv).toBe('\ufeff"a","b"\r\n"1","\'=2"\r\n');
  });
});
