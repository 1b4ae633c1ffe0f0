/**
 * Staff passwords: the rules a new one must meet, and argon2id hashing
 * (@node-rs/argon2, a prebuilt binding that needs no install script) with
 * OWASP's recommended minimum cost (19 MiB, 2 passes, 1 lane: the library's
 * defaults, written out so a change of default cannot lower them).
 */
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MAX_LENGTH = 1000;
const COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The 49,000 passwords most often found in breaches, lower case. */
const COMMON = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

/** Why a new password is refused, as a sentence; null when it may be used. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `A password has at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `A password has at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (COMMON.has(password.toLowerCase())) return 'That password is one of the most common ones: choose another.';
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFKC'), { algorithm: 2 /* Argon2id */, ...COST });
}

/** False for a wrong password or a hash that is not argon2. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password.normalize('NFKC'));
  } catch {
    return false;
  }
}

/**
 * A hash of a password nobody has, verified against when the username is
 * unknown, so that a wrong name costs the same time as a wrong password.
 */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(`decoy ${Math.random()}`);
  return decoy;
}
