/**
 * The contact form's proof of work (contract/contact-challenge.ts), on the
 * service's side: GET /api/contact/challenge hands out an ALTCHA challenge,
 * signed with keys derived from the deployment's secret (the same on every
 * instance, so any instance checks what another issued) and expiring after
 * ten minutes; a JSON enquiry must carry its solution in the Altcha header.
 *
 * In that order, for each enquiry: an idempotency key the store holds a
 * record under is passed to the store, which answers the first 201 again (or
 * refuses other content) and stores nothing, whatever the solution; else the
 * solution must be valid and unexpired, then it is spent, once
 * (../middleware/challenge-ledger.ts).
 * Anything else is a 428 with a sentence, which the page and the worker read
 * as "solve a new challenge and send again".
 *
 * The difficulty (see docs/service.md for what it costs a phone and a bot):
 * the solver must find a counter the service drew at random, trying each from
 * 0 with one PBKDF2 of COST rounds per try. The service knows the answer's key
 * already, so checking a solution costs it two HMACs.
 */
import { hkdfSync } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Context, Middleware } from 'koa';
import { CHALLENGE_ALGORITHM, CHALLENGE_HEADER, type Challenge, decodeSolution } from '../../contract/contact-challenge';
import { refuse } from '../i18n';
import type { ChallengeLedger } from '../middleware/challenge-ledger';
import type { Store } from '../store-interface';
import { storedUnderKey } from '../enquiry-records';

export const CHALLENGE_LIFETIME_MS = 10 * 60_000;
/** PBKDF2 rounds per try. */
export const CHALLENGE_COST = 1_000;
/**
 * Challenges per client key and minute while the contact limit is on: each
 * costs the service a key derivation of COST rounds. A post needs one, and
 * one more after each 428; at the contact limit's default of 10 posts a
 * minute, this is three per post.
 */
export const CHALLENGES_PER_MINUTE = 30;
/** The challenge limit's keys in the shared table (rate_limits), apart from the contact limit's. */
export const CHALLENGE_LIMIT_PREFIX = 'contact-challenge';
/** The counter to find is drawn from this range; a solver makes that many tries plus one. */
export const CHALLENGE_COUNTER = { min: 100, max: 300 } as const;

export interface ContactChallengeOptions {
  /** The deployment's secret, and the records under each idempotency key. */
  store: Pick<Store, 'deploymentSecret' | 'get' | 'find'>;
  ledger: ChallengeLedger;
  /** How long a challenge may be solved and used; tests shorten it. */
  lifetimeMs?: number;
}

/** A valid, unexpired solution: its challenge's signature (what spends it) and expiry (unix seconds). */
export interface VerifiedSolution {
  signature: string;
  expiresAt: number;
}

export interface ContactChallenge {
  issue(): Promise<Challenge>;
  /** The Altcha header's solution when it is valid and unexpired (spent or not), else null. */
  verify(header: string | undefined): Promise<VerifiedSolution | null>;
  /** Throws the 428 unless the enquiry under `idempotencyKey` may go to the store. */
  admit(ctx: Context, idempotencyKey: string | undefined): Promise<void>;
}

interface Secrets {
  signature: string;
  keySignature: string;
}

/** Two HMAC keys of their own, so the deployment's secret signs nothing another part of the service could be made to sign. */
function secretsOf(secret: Buffer): Secrets {
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', secret, '', `teratai contact challenge ${purpose}`, 32)).toString('hex');
  return { signature: derive('signature'), keySignature: derive('key signature') };
}

export function createContactChallenge({ store, ledger, lifetimeMs = CHALLENGE_LIFETIME_MS }: ContactChallengeOptions): ContactChallenge {
  let secrets: Promise<Secrets> | undefined;
  const keys = () => (secrets ??= store.deploymentSecret().then(secretsOf));

  async function verify(header: string | undefined): Promise<VerifiedSolution | null> {
    const payload = header ? decodeSolution(header) : null;
    if (!payload) return null;
    const { signature, keySignature } = await keys();
    const result = await verifySolution({
      ...payload,
      deriveKey,
      hmacSignatureSecret: signature,
      hmacKeySignatureSecret: keySignature,
    });
    const { expiresAt } = payload.challenge.parameters;
    // A challenge without an expiry was not issued here (the signature covers it), but is refused all the same.
    return result.verified && expiresAt !== undefined ? { signature: payload.challenge.signature!, expiresAt } : null;
  }

  return {
    verify,
    async issue() {
      const { signature, keySignature } = await keys();
      return createChallenge({
        algorithm: CHALLENGE_ALGORITHM,
        cost: CHALLENGE_COST,
        counter: randomInt(CHALLENGE_COUNTER.max, CHALLENGE_COUNTER.min),
        deriveKey,
        expiresAt: new Date(Date.now() + lifetimeMs),
        hmacSignatureSecret: signature,
        hmacKeySignatureSecret: keySignature,
      });
    },
    async admit(ctx, idempotencyKey) {
      // The store then answers: its first 201, or its refusal of another enquiry under the key.
      if (idempotencyKey !== undefined && (await storedUnderKey(store, idempotencyKey))) return;
      const solution = await verify(ctx.get(CHALLENGE_HEADER) || undefined);
      if (!solution) refuse(ctx, 428, 'service.challenge');
      if (!(await ledger.spend(solution.signature, solution.expiresAt - Date.now() / 1000))) refuse(ctx, 428, 'service.challenge');
    },
  };
}

/** GET /api/contact/challenge: a new challenge, or 204 (nothing to solve) when the operator turned it off. */
export function challengeGet(challenge: ContactChallenge | null): Middleware {
  return async function issueChallenge(ctx) {
    if (challenge === null) {
      ctx.status = 204;
      return;
    }
    ctx.body = await challenge.issue();
  };
}
