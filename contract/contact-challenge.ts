/**
 * The contact form's proof of work, as the page, the service worker and the
 * service all see it: an ALTCHA challenge (altcha-lib's current format) that
 * the service signs and the sender solves just before each send, and the
 * `Altcha` header that carries the solution, base64 of the JSON
 * `{ challenge, solution }` as ALTCHA's own widget sends it.
 *
 * PBKDF2 rather than plain SHA-256: each try is one PBKDF2 of `cost` rounds,
 * done in native code by Web Crypto in a browser just as by a bot's native
 * library, so a visitor's phone pays about what a bot pays per post, not the
 * tens of times more that one JavaScript call per hash would cost it.
 */
import type { Challenge, Solution } from 'altcha-lib/types';
import { z } from 'zod';

export type { Challenge, Solution };

export const CHALLENGE_ENDPOINT = '/api/contact/challenge';
export const CHALLENGE_HEADER = 'Altcha';
export const CHALLENGE_ALGORITHM = 'PBKDF2/SHA-256';

/** A challenge as the service hands it out; the signature is the service's to check. */
export const challengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.literal(CHALLENGE_ALGORITHM),
    nonce: z.string().regex(/^[0-9a-f]+$/),
    salt: z.string().regex(/^[0-9a-f]+$/),
    cost: z.number().int().positive(),
    keyLength: z.number().int().positive(),
    keyPrefix: z.string().regex(/^[0-9a-f]+$/),
    expiresAt: z.number().optional(),
  }),
  signature: z.string(),
});

const solutionSchema = z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string() });

export interface SolvedChallenge {
  readonly challenge: Challenge;
  readonly solution: Solution;
}

/**
 * Solves a challenge, or gives null when `signal` aborted first:
 * ./challenge-solver.ts. The page loads it only when the visitor sends
 * (app/lib/lazy-challenge-solver.ts); the service worker has it built in,
 * as a worker cannot load code later.
 */
export type ChallengeSolver = (challenge: Challenge, signal: AbortSignal) => Promise<SolvedChallenge | null>;

/** The `Altcha` header's value. */
export function encodeSolution({ challenge, solution }: SolvedChallenge): string {
  return btoa(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } }));
}

/** The header read back; null when it is not a solved challenge's shape (what it proves is the service's to check). */
export function decodeSolution(header: string): SolvedChallenge | null {
  try {
    const parsed = z.object({ challenge: challengeSchema, solution: solutionSchema }).safeParse(JSON.parse(atob(header)));
    return parsed.success ? (parsed.data as SolvedChallenge) : null;
  } catch {
    return null;
  }
}
