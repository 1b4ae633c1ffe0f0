import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';

describe('recovery codes', () => {
  it('are ten, different, easy to type, and kept only as SHA-256', () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^([0-9a-hjkmnp-tv-z]{4}-){3}[0-9a-hjkmnp-tv-z]{4}$/);
    expect(hashes).toEqual(codes.map((code) => createHash('sha256').update(code.replaceAll('-', '')).digest('hex')));
    expect(newRecoveryCodes().codes).not.toContain(codes[0]);
  });

  it('are read typed with or without dashes, in either case, 0 and 1 read from O and I', () => {
    const { codes, hashes } = newRecoveryCodes();
    const code = codes[3]!;
    const typed = ` ${code.toUpperCase().replaceAll('-', ' ').replaceAll('0', 'O').replaceAll('1', 'I')} `;
    expect(recoveryCodeHash(typed)).toBe(hashes[3]);
    expect(hashes).not.toContain(recoveryCodeHash('aaaa-bbbb-cccc-dddd'));
  });
});
