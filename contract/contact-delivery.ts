/**
 * Sending one enquiry to the service and reading what came back: the ONE rule
 * for the online form and the offline outbox alike (docs/product.md, "delivered").
 *
 * - delivered: the service's own 201 whose body is the contract's answer;
 * - rejected: the service's own refusal of this enquiry (a 4xx other than
 *   408/428/429), shown to the visitor as "status: body";
 * - retry: anything else. A portal's 200 page, an intermediary's 403/404/407,
 *   408, 428, 429, 5xx, no answer at all or no answer in time: none of them says
 *   the enquiry was stored or is wrong, so it is kept and sent again later.
 *
 * Every send proves its work afresh (./contact-challenge.ts): it asks the
 * service for a challenge, solves it, and sends the solution with the
 * enquiry, so an enquiry queued on Monday goes on Tuesday with Tuesday's
 * solution, and the queue keeps only the enquiry and its key. The service's
 * own 428 (the solution expired or was spent on the way) means "solve a new
 * one and send again", a few times, and then "retry later": never an error
 * for the visitor, never a reason to drop the enquiry.
 */
import { CONTACT_ENDPOINT, contactAnswerSchema, type ContactSubmission, IDEMPOTENCY_KEY_HEADER } from './contact';
import {
  CHALLENGE_ENDPOINT,
  CHALLENGE_HEADER,
  type Challenge,
  type ChallengeSolver,
  challengeSchema,
  encodeSolution,
} from './contact-challenge';
import { isServiceAnswer, jsonRequestInit, statusLine } from './http';

/**
 * How long a send may take before it counts as "no answer" and the enquiry is
 * kept for later. Generous: a phone on a weak signal can take seconds, and a
 * slow answer that did store the enquiry costs nothing, as the retry carries
 * the same Idempotency-Key.
 */
export const CONTACT_REQUEST_TIMEOUT_MS = 15_000;

export type DeliveryOutcome =
  | { readonly kind: 'delivered'; readonly message: string }
  | { readonly kind: 'rejected'; readonly message: string }
  /**
   * `reason` reads like a rejection ("503: Busy.") when there was an answer, or names the network failure.
   * `tooMany`: the service's own 429 (this client asked too often): the page says so rather than queue it as if offline.
   */
  | { readonly kind: 'retry'; readonly reason: string; readonly tooMany?: true };

/**
 * The service's answer when it would hold an enquiry for review and has no
 * room (the held queue is full, or the client sent many today): nothing was
 * stored, and the sentence names the firm's e-mail and WhatsApp. A refusal,
 * not a retry: sent again and again from the outbox it would be refused
 * again, and the visitor must read the sentence now.
 */
export const NO_ROOM_STATUS = 409;

/** Statuses of the service that are about the moment (timeout, challenge, rate limit, server), not about the enquiry. */
function isTransient(status: number): boolean {
  return status === 408 || status === 428 || status === 429 || status >= 500;
}

/** How many times a send solves a new challenge after the service's 428, before it leaves the enquiry for a later try. */
export const CHALLENGE_RESOLVES = 2;

/** Classifies an answer; reads its body. */
export async function classifyAnswer(response: Response): Promise<DeliveryOutcome> {
  if (!isServiceAnswer(response)) {
    return { kind: 'retry', reason: `${response.status}: the answer did not come from the service` };
  }
  if (response.status === 201) {
    const answer = contactAnswerSchema.safeParse(await response.json().catch(() => null));
    if (answer.success) return { kind: 'delivered', message: answer.data.message };
    return { kind: 'retry', reason: '201: the answer was not readable' };
  }
  if (response.status >= 400 && response.status < 500 && !isTransient(response.status)) {
    return { kind: 'rejected', message: await statusLine(response) };
  }
  return retryAfter(response);
}

/** A service's answer that is about the moment; it has been checked to be the service's. */
async function retryAfter(response: Response): Promise<DeliveryOutcome> {
  const reason = await statusLine(response);
  return response.status === 429 ? { kind: 'retry', reason, tooMany: true } : { kind: 'retry', reason };
}

export interface DeliveryOptions {
  /** What solves the service's challenge: the page loads it when it is first needed, the worker has it built in. */
  readonly solve: ChallengeSolver;
  /** The fetch to send with; tests pass their own. */
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

/**
 * The request's headers: the idempotency key, and the enquiry's language as
 * Accept-Language, so that even a refusal made before the service reads the
 * body (413, 415, 429) comes back in the visitor's language.
 */
export function deliveryHeaders(submission: ContactSubmission, idempotencyKey: string): Record<string, string> {
  return { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey, ...languageHeader(submission) };
}

function languageHeader(submission: ContactSubmission): Record<string, string> {
  return submission.locale === undefined ? {} : { 'Accept-Language': submission.locale };
}

type Proof = { readonly header: Record<string, string> } | { readonly retry: DeliveryOutcome };

/**
 * A fresh solution's header: the service's challenge, solved here; no header
 * when the service asks for none (204: the operator turned the challenge off).
 */
async function proveWork(send: typeof fetch, solve: ChallengeSolver, headers: Record<string, string>, signal: AbortSignal): Promise<Proof> {
  const response = await send(CHALLENGE_ENDPOINT, { ...jsonRequestInit('GET', undefined, headers), signal });
  if (!isServiceAnswer(response)) {
    return { retry: { kind: 'retry', reason: `${response.status}: the challenge did not come from the service` } };
  }
  if (response.status === 204) return { header: {} };
  const challenge = challengeSchema.safeParse(response.status === 200 ? await response.json().catch(() => null) : null);
  if (!challenge.success) return { retry: await retryAfter(response) };
  const solved = await solve(challenge.data as Challenge, signal);
  if (!solved) return { retry: { kind: 'retry', reason: 'the challenge was not solved in time' } };
  return { header: { [CHALLENGE_HEADER]: encodeSolution(solved) } };
}

/** The service's own refusal of the solution, not of the enquiry. */
function isChallengeRefusal(response: Response): boolean {
  return response.status === 428 && isServiceAnswer(response);
}

/** Solves the service's challenge, sends the enquiry under its idempotency key and classifies the answer; never throws. */
export async function deliverContact(
  submission: ContactSubmission,
  idempotencyKey: string,
  { solve, fetch: send = fetch, timeoutMs = CONTACT_REQUEST_TIMEOUT_MS }: DeliveryOptions,
): Promise<DeliveryOutcome> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    for (let resolves = 0; ; resolves += 1) {
      const proof = await proveWork(send, solve, languageHeader(submission), abort.signal);
      if ('retry' in proof) return proof.retry;
      const init = jsonRequestInit('POST', submission, { ...deliveryHeaders(submission, idempotencyKey), ...proof.header });
      const response = await send(CONTACT_ENDPOINT, { ...init, signal: abort.signal });
      if (isChallengeRefusal(response) && resolves < CHALLENGE_RESOLVES) {
        await response.body?.cancel();
        continue;
      }
      // The body is read under the same timeout: a portal can send headers and then stall.
      return await classifyAnswer(response);
    }
  } catch (error) {
    if (abort.signal.aborted) return { kind: 'retry', reason: `no answer within ${timeoutMs / 1000} s` };
    return { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
