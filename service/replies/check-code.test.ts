import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHECK_CODE_ALPHABET, normaliseCheckCode } from '../../contract/reply-check-code';
import { replyCheckCode } from './check-code';

const SECRET = Buffer.alloc(32, 7);
const MESSAGE_ID = '<0f6b7c1e-2d2a-4c55-9d3e-5b1f0c3a9e21@teratai-wealth.example>';

describe('replyCheckCode', () => {
  it('is XXXX-XXXX in Crockford base32, the same for the same secret and Message-ID', () => {
    const code = replyCheckCode(SECRET, MESSAGE_ID);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(replyCheckCode(Buffer.from(SECRET), MESSAGE_ID)).toBe(code);
  });

  it('is the first 40 bits of HMAC-SHA-256 of the Message-ID under a key derived with HKDF from the secret', () => {
    const key = Buffer.from(hkdfSync('sha256', SECRET, '', 'teratai reply check code', 32));
    const digest = createHmac('sha256', key).update(MESSAGE_ID).digest();
    const bits = [...digest.subarray(0, 5)].map((byte) => byte.toString(2).padStart(8, '0')).join('');
    const characters = bits
      .match(/.{5}/g)!
      .map((group) => CHECK_CODE_ALPHABET[parseInt(group, 2)])
      .join('');
    expect(replyCheckCode(SECRET, MESSAGE_ID)).toBe(`${characters.slice(0, 4)}-${characters.slice(4)}`);
  });

  it('differs with another Message-ID or another deployment, and is never the secret keying the HMAC directly', () => {
    const code = replyCheckCode(SECRET, MESSAGE_ID);
    expect(replyCheckCode(SECRET, MESSAGE_ID.replace('0f6b', '0f6c'))).not.toBe(code);
    expect(replyCheckCode(randomBytes(32), MESSAGE_ID)).not.toBe(code);
    const underived = createHmac('sha256', SECRET).update(MESSAGE_ID).digest();
    expect(code.replace('-', '')).not.toBe(
      [...underived.subarray(0, 5)]
        .map((byte) => byte.toString(2).padStart(8, '0'))
        .join('')
        .match(/.{5}/g)!
        .map((group) => CHECK_CODE_ALPHABET[parseInt(group, 2)])
        .join(''),
    );
  });

  it('spreads over the whole alphabet', () => {
    const seen = new Set<string>();
    for (let index = 0; index < 200; index += 1)
      for (const character of replyCheckCode(SECRET, `<${index}@x>`).replace('-', '')) seen.add(character);
    expect([...seen].sort().join('')).toBe(CHECK_CODE_ALPHABET);
  });
});

describe('normaliseCheckCode', () => {
  it('reads a code typed in any case, with or without the dash, with spaces, and O, I, L as the digits they look like', () => {
    for (const typed of ['AB12-CD34', 'ab12cd34', '  ab12-cd34 ', 'AB12 CD34', 'ab 12 - cd 34'])
      expect(normaliseCheckCode(typed), typed).toBe('AB12-CD34');
    expect(normaliseCheckCode('oIl0-1234')).toBe('0110-1234');
  });

  it('refuses what cannot be a code: too short, too long, U or other characters', () => {
    for (const typed of ['', 'AB12-CD3', 'AB12-CD345', 'AB12-CD3U', 'AB12_CD34', '123456', 'ＡＢ12-CD34'])
      expect(normaliseCheckCode(typed), typed).toBeNull();
  });
});
