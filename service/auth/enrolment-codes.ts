/**
 * The one-time enrolment code `users add` and `users reset` print, which the
 * first sign-in asks for beside the password: knowing the password of an
 * account that has not enrolled yet is not enough to enrol one's own
 * authenticator on it. Twelve characters of Crockford's base32 in groups of
 * four (60 bits), typed back in either case, with or without the dashes, an O
 * or an I read as 0 or 1. The store keeps its SHA-256 and when it expires.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { UserRecord } from '../records';

/** How long a code, and an enrolment begun with it, stays usable: `users reset` makes a new one. */
export const ENROLMENT_VALID_MS = 7 * 24 * 60 * 60_000;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 3;
const GROUP_LENGTH = 4;

function canonical(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

export function enrolmentCodeHash(code: string): string {
  return createHash('sha256').update(canonical(code)).digest('hex');
}

export interface NewEnrolmentCode {
  /** XXXX-XXXX-XXXX, to print once. */
  code: string;
  hash: string;
  expiresAt: string;
}

export function newEnrolmentCode(now = new Date()): NewEnrolmentCode {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]!).join(''),
  );
  const code = groups.join('-');
  return { code, hash: enrolmentCodeHash(code), expiresAt: new Date(now.getTime() + ENROLMENT_VALID_MS).toISOString() };
}

/**
 * A user as `users add` makes them: the password, no second factor yet, and an
 * enrolment open with a new code, which is printed once and never stored.
 */
export function newUser(username: string, passwordHash: string, now = new Date()): { user: UserRecord; enrolmentCode: string } {
  const enrolment = newEnrolmentCode(now);
  const user: UserRecord = {
    id: randomUUID(),
    username,
    passwordHash,
    createdAt: now.toISOString(),
    totpSecret: null,
    totpLastStep: null,
    recoveryCodeHashes: [],
    enrolmentCodeHash: enrolment.hash,
    enrolmentExpiresAt: enrolment.expiresAt,
  };
  return { user, enrolmentCode: enrolment.code };
}
