/**
 * The contact challenge's spent solutions, counted as the contact limit is
 * (./shared-counter.ts), so that every instance agrees and the store needs
 * nothing new.
 *
 * A solution is one point, under its challenge's signature, kept for the
 * challenge's remaining life (after it, the challenge is refused as expired
 * anyway), so a solution stores at most one enquiry. It runs on the wall
 * clock, as the challenge's expiry does.
 */
import type pg from 'pg';
import { countWithin, sharedCounter } from './shared-counter';

export interface ChallengeLedger {
  /** Marks a solution spent; false when it already was. */
  spend(signature: string, remainingSeconds: number): Promise<boolean>;
}

// Each spend gives its own duration: the challenge's remaining life.
const OPTIONS = { keyPrefix: 'contact-challenge-spent', points: 1, duration: 1 };

export function createChallengeLedger({ pool }: { pool?: pg.Pool } = {}): ChallengeLedger {
  const spent = sharedCounter(OPTIONS, pool);
  return {
    spend: (signature, remainingSeconds) => countWithin(spent, signature, 1, { customDuration: Math.max(1, Math.ceil(remainingSeconds)) }),
  };
}
