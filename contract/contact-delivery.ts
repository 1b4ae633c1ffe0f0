/**
 * Sending one enquiry to the service and reading what came back: the ONE rule
 * for the online form and the offline outbox alike (docs/product.md, "delivered").
 *
 * - delivered: the service's own 201 whose body is the contract's answer;
 * - rejected: the service's own refusal of this enquiry (a 4xx other than
 *   408/429), shown to the visitor as "status: body";
 * - retry: anything else. A portal's 200 page, an intermediary's 403/404/407,
 *   408, 429, 5xx, no answer at all or no answer in time: none of them says
 *   the enquiry was stored or is wrong, so it is kept and sent again later.
 */
import { CONTACT_ENDPOINT, contactAnswerSchema, type ContactSubmission, IDEMPOTENCY_KEY_HEADER } from './contact';
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
  /** `reason` reads like a rejection ("503: Busy.") when there was an answer, or names the network failure. */
  | { readonly kind: 'retry'; readonly reason: string };

/** Statuses of the service that are about the moment (timeout, rate limit, server), not about the enquiry. */
function isTransient(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

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
  return { kind: 'retry', reason: await statusLine(response) };
}

export interface DeliveryOptions {
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
  return {
    [IDEMPOTENCY_KEY_HEADER]: idempotencyKey,
    ...(submission.locale === undefined ? {} : { 'Accept-Language': submission.locale }),
  };
}

/** Sends the enquiry under its idempotency key and classifies the answer; never throws. */
export async function deliverContact(
  submission: ContactSubmission,
  idempotencyKey: string,
  { fetch: send = fetch, timeoutMs = CONTACT_REQUEST_TIMEOUT_MS }: DeliveryOptions = {},
): Promise<DeliveryOutcome> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const init = jsonRequestInit('POST', submission, deliveryHeaders(submission, idempotencyKey));
    // The body is read under the same timeout: a portal can send headers and then stall.
    return await classifyAnswer(await send(CONTACT_ENDPOINT, { ...init, signal: abort.signal }));
  } catch (error) {
    if (abort.signal.aborted) return { kind: 'retry', reason: `no answer within ${timeoutMs / 1000} s` };
    return { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
