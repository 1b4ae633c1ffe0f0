import { describe, expect, it } from 'vitest';
import { escapeForTerminal } from './format';

describe('escapeForTerminal', () => {
  it.each([
    ['a carriage return', 'Ann\rEvil', 'Ann\\rEvil'],
    ['a line feed and a tab', 'a\nb\tc', 'a\\nb\\tc'],
    ['ESC, which starts a terminal command', '\u001b[2J', '\\u001B[2J'],
    ['DEL and a C1 control (CSI)', '\u007f\u009b31m', '\\u007F\\u009B31m'],
    ['a right-to-left override', 'invoice\u202Etxt.exe', 'invoice\\u202Etxt.exe'],
    ['embeddings and their pop', '\u202A\u202B\u202C\u202D', '\\u202A\\u202B\\u202C\\u202D'],
    ['isolates', '\u2066\u2067\u2068\u2069', '\\u2066\\u2067\\u2068\\u2069'],
    ['direction marks', '\u200E\u200F\u061C', '\\u200E\\u200F\\u061C'],
  ])('shows %s as visible escapes', (_name, text, shown) => {
    expect(escapeForTerminal(text)).toBe(shown);
  });

  it('leaves ordinary text alone, accents, other scripts and emoji included', () => {
    const text = 'Zoë Ng — 王小明, مرحبا 👋';
    expect(escapeForTerminal(text)).toBe(text);
  });
});
