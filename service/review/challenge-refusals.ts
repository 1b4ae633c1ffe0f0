/**
 * Posts that keep failing the challenge: a visitor's page solves a new one
 * and sends again after one refusal, so REFUSALS_TO_COUNT of them in
 * REFUSAL_WINDOW_S from one client key is a bot. From then on each refusal
 * is tallied (`challenge-refused`), with a short example, instead of passing
 * unseen; the answer stays the same 428. Counted as the contact limit is
 * (../middleware/shared-counter.ts), so every instance counts together.
 */
import type pg from 'pg';
import type { ContactSubmission } from '../../contract/contact';
import { countWithin, sharedCounter } from '../middleware/shared-counter';
import type { Store } from '../store-interface';
import { exampleOf } from './examples';

export const REFUSALS_TO_COUNT = 5;
export const REFUSAL_WINDOW_S = 10 * 60;

export interface ChallengeRefusals {
  /** After a 428 to `clientKey`: tallies it when the client has had REFUSALS_TO_COUNT or more in the window. */
  refused(clientKey: string, submission: ContactSubmission): Promise<void>;
}

export function createChallengeRefusals({ store, pool }: { store: Pick<Store, 'tally'>; pool?: pg.Pool }): ChallengeRefusals {
  // The first REFUSALS_TO_COUNT - 1 pass; the limiter rejects from the REFUSALS_TO_COUNT-th on.
  const counter = sharedCounter(
    { keyPrefix: 'contact-challenge-refused', points: REFUSALS_TO_COUNT - 1, duration: REFUSAL_WINDOW_S },
    pool,
  );
  return {
    async refused(clientKey, submission) {
      if (await countWithin(counter, clientKey)) return;
      await store.tally('challenge-refused', new Date(), exampleOf(submission));
    },
  };
}
