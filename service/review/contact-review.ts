/**
 * What the contact route does with a valid submission besides storing it:
 * a filled honeypot is counted, not stored; a form post sent without
 * JavaScript (which cannot solve the challenge, when it is on) and a
 * submission that trips a content rule (./hold-rules.ts) are held for review;
 * the store holds what comes past the daily ceiling, and the operator hears
 * of that once a day (./ceiling-alert.ts). The visitor's answer is the same
 * whatever happens here, but for one: what would be held when the held queue
 * or the client has no room is not stored, and the visitor is told so
 * (./held-admission.ts).
 */
import type pg from 'pg';
import type { ContactSubmission } from '../../contract/contact';
import type { Log } from '../log';
import type { AlertChannel } from '../records';
import type { SubmitOptions, SubmitResult, Store } from '../store-interface';
import { createCeilingAlert } from './ceiling-alert';
import { createChallengeRefusals } from './challenge-refusals';
import { exampleOf } from './examples';
import { createHeldAdmission } from './held-admission';
import { contentHoldReason } from './hold-rules';

export type ReviewDecision = { count: 'honeypot' } | { store: SubmitOptions };

export interface ContactReview {
  /** `viaForm`: the browser sent the form itself, without the page's JavaScript. */
  decide(submission: ContactSubmission, viaForm: boolean): ReviewDecision;
  /** Counts what decide() said to count, with a short example. */
  count(submission: ContactSubmission): Promise<void>;
  /** After a 428 for the challenge, to this client key. */
  challengeRefused(clientKey: string, submission: ContactSubmission): Promise<void>;
  /**
   * Stores what decide() said to store; throws NoRoomToHoldError when it
   * would be held and there is no room (./held-admission.ts). `clientKeys`:
   * rateLimitKeys() of the post's address.
   */
  store(
    clientKeys: readonly string[],
    options: SubmitOptions,
    submit: (options: SubmitOptions) => Promise<SubmitResult>,
  ): Promise<SubmitResult>;
  /** After the store answered. */
  stored(result: SubmitResult): Promise<void>;
}

export interface ContactReviewOptions {
  store: Store;
  /** Where every instance counts challenge refusals together; in memory without it. */
  pool?: pg.Pool;
  /** ENQUIRIES_PER_DAY; 0: no ceiling. */
  enquiriesPerDay: number;
  /** Whether JSON enquiries must solve the challenge; form posts are held only then. */
  challengeOn: boolean;
  /** The channels operator alerts (the held queue's, the ceiling's) go to. */
  alertChannels?: readonly AlertChannel[];
  log: Log;
}

export function createContactReview({
  store,
  pool,
  enquiriesPerDay,
  challengeOn,
  alertChannels = [],
  log,
}: ContactReviewOptions): ContactReview {
  const refusals = createChallengeRefusals({ store, pool });
  const admission = createHeldAdmission({ store, pool, alertChannels, log });
  const ceiling = createCeilingAlert({ store, alertChannels, ceiling: enquiriesPerDay, log });
  return {
    decide(submission, viaForm) {
      if (submission.website) return { count: 'honeypot' };
      const holdFor = contentHoldReason(submission) ?? (viaForm && challengeOn ? 'no-javascript' : undefined);
      return { store: { ...(holdFor && { holdFor }), dailyCeiling: enquiriesPerDay } };
    },
    count: (submission) => store.tally('honeypot', new Date(), exampleOf(submission)),
    challengeRefused: (clientKey, submission) => refusals.refused(clientKey, submission),
    store: (clientKeys, options, submit) => admission.submit(clientKeys, options, submit),
    async stored(result) {
      if (result.outcome === 'created' && 'reason' in result.record && result.record.reason === 'daily-ceiling') {
        await ceiling.passed(new Date());
      }
    },
  };
}
