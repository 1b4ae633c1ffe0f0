/**
 * Posts that keep failing the challenge: a visitor's page solves a new one
 * and sends again after one refusal, so REFUSALS_TO_COUNT of them in
 * REFUSAL_WINDOW_S from one client key is a bot. From then on each refusal
 * is tallied (`challenge-refused`), with a short example, instead of passing
 * unseen; the answer stays the same 428. Counted with rate-limiter-flexible,
 * as the contact limit is: in memory, or in PostgreSQL's rate_limits table
 * when the store is there, so every instance counts together.
 */
import type pg from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { ContactSubmission } from '../../contract/contact';
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
  const options = { keyPrefix: 'contact-challenge-refused', points: REFUSALS_TO_COUNT - 1, duration: REFUSAL_WINDOW_S };
  const counter = pool
    ? new RateLimiterPostgres({
        ...options,
        storeClient: pool,
        storeType: 'pool',
        tableName: 'rate_limits',
        tableCreated: true,
        insuranceLimiter: new RateLimiterMemory(options),
      })
    : new RateLimiterMemory(options);
  return {
    async refused(clientKey, submission) {
      try {
        await counter.consume(clientKey);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        await store.tally('challenge-refused', new Date(), exampleOf(submission));
      }
    },
  };
}
