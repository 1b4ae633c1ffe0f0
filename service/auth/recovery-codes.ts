/**
 * One-time recovery codes, for when the phone with the authenticator is lost.
 * Each is 16 characters of Crockford's base32 (no I, L, O or U, so nothing is
 * misread), in groups of four: 80 bits, so that a copy of the store's
 * SHA-256 hashes cannot be reversed by trying every code. Typed back with or
 * without the dashes, in either case, an O or an I read as 0 or 1.
 */
import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const GROUPS = 4;
const GROUP_LENGTH = 4;

function newCode(): string {
  const characters = Array.from({ length: GROUPS * GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]!);
  return Array.from({ length: GROUPS }, (_, group) => characters.slice(group * GROUP_LENGTH, (group + 1) * GROUP_LENGTH).join('')).join(
    '-',
  );
}

/** A code as typed, as the form its hash is taken of. */
function canonical(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '').replace(/[o]/g, '0').replace(/[il]/g, '1');
}

export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(canonical(code)).digest('hex');
}

/** Ten new codes to show once, and the hashes to keep. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  return { codes, hashes: codes.map(recoveryCodeHash) };
}
