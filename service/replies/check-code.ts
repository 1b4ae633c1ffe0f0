/**
 * A reply's check code: what the visitor types into /verify, with the
 * reference, to learn that a reply came from the firm. It is the HMAC-SHA-256
 * of the reply's Message-ID under a key of its own, derived (HKDF) from the
 * deployment's secret, so only the firm's service can make one, every
 * instance makes the same, and the secret signs nothing another part of the
 * service could be made to sign. Its first 40 bits, as 8 characters of
 * Crockford's base32 (contract/reply-check.ts): the check's rate limit, not
 * the code's length, is what stops guessing.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { CHECK_CODE_ALPHABET, CHECK_CODE_LENGTH, formatCheckCode } from '../../contract/reply-check-code';

const KEY_LABEL = 'teratai reply check code';
const KEY_BYTES = 32;
const BITS_PER_CHARACTER = 5;

function checkCodeKey(secret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', KEY_LABEL, KEY_BYTES));
}

/** The code for the reply sent with `messageId`, as shown: XXXX-XXXX. */
export function replyCheckCode(secret: Buffer, messageId: string): string {
  const digest = createHmac('sha256', checkCodeKey(secret)).update(messageId, 'utf8').digest();
  let characters = '';
  for (let index = 0; index < CHECK_CODE_LENGTH; index += 1) {
    const bit = index * BITS_PER_CHARACTER;
    // Five bits starting at `bit`, read from the two bytes that hold them.
    const pair = (digest[bit >> 3]! << 8) | digest[(bit >> 3) + 1]!;
    characters += CHECK_CODE_ALPHABET[(pair >> (16 - BITS_PER_CHARACTER - (bit & 7))) & 0b11111];
  }
  return formatCheckCode(characters);
}
