/**
 * The offline outbox: the ONE owner of enquiries that could not reach the
 * service yet, and of the results of delivering them. The page and the service
 * worker both use this module, so it touches no page or worker globals beyond
 * what both have (IndexedDB, fetch passed in, navigator.locks).
 *
 * Queue and results live under one IndexedDB key and every change is one
 * read-modify-write transaction (idb-keyval `update`), so "remove the entry"
 * and "record its result" can never be split by a crash.
 *
 * Unlike workbox-background-sync's stock replay (which counts any HTTP answer
 * as sent: GoogleChrome/workbox#2599), an entry leaves the queue only on the
 * service's 201 for its idempotency key, or on a 4xx that retrying cannot fix.
 */
import { createStore, get, update, type UseStore } from 'idb-keyval';
import {
  CONTACT_ENDPOINT,
  contactAnswerSchema,
  type ContactSubmission,
  contactSubmissionSchema,
  IDEMPOTENCY_KEY_HEADER,
} from '../contract/contact';
import { OUTBOX } from '../contract/outbox';

export interface OutboxEntry {
  readonly idempotencyKey: string;
  readonly submission: ContactSubmission;
  /** ms since the epoch; entries are delivered oldest first. */
  readonly queuedAt: number;
}

/** What the visitor is told once an entry has left the queue. */
export type OutboxResult =
  | { readonly idempotencyKey: string; readonly kind: 'delivered'; readonly message: string | null }
  | { readonly idempotencyKey: string; readonly kind: 'rejected'; readonly message: string };

interface OutboxState {
  readonly entries: readonly OutboxEntry[];
  readonly results: readonly OutboxResult[];
}

const STATE_KEY = 'state';
const EMPTY: OutboxState = { entries: [], results: [] };

let store: UseStore | null = null;
function outboxStore(): UseStore {
  store ??= createStore(OUTBOX.databaseName, OUTBOX.storeName);
  return store;
}

async function readState(): Promise<OutboxState> {
  return (await get<OutboxState>(STATE_KEY, outboxStore())) ?? EMPTY;
}

async function changeState(change: (state: OutboxState) => OutboxState): Promise<void> {
  await update<OutboxState>(STATE_KEY, (state) => change(state ?? EMPTY), outboxStore());
}

export type Classification = 'delivered' | 'rejected' | 'retry';

/**
 * 201 is the service's "stored" answer. A 4xx other than 408/429 says the
 * enquiry itself is wrong and resending cannot help. Anything else (5xx, 408,
 * 429, a captive portal's 200, a redirect) says nothing about storage: retry.
 */
export function classifyStatus(status: number): Classification {
  if (status === 201) return 'delivered';
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return 'rejected';
  return 'retry';
}

/** Queues a submission. The same idempotency key is never queued twice. */
export async function enqueue(entry: OutboxEntry): Promise<void> {
  await changeState((state) =>
    state.entries.some((queued) => queued.idempotencyKey === entry.idempotencyKey)
      ? state
      : { ...state, entries: [...state.entries, entry] },
  );
}

export async function queuedEntries(): Promise<readonly OutboxEntry[]> {
  return [...(await readState()).entries].sort((a, b) => a.queuedAt - b.queuedAt);
}

/** Removes and returns the results not yet shown; each result is taken exactly once. */
export async function takeResults(): Promise<readonly OutboxResult[]> {
  let taken: readonly OutboxResult[] = [];
  await changeState((state) => {
    taken = state.results;
    return { ...state, results: [] };
  });
  return taken;
}

async function settle(entry: OutboxEntry, result: OutboxResult): Promise<void> {
  await changeState((state) => ({
    entries: state.entries.filter((queued) => queued.idempotencyKey !== entry.idempotencyKey),
    results: [...state.results, result],
  }));
}

/** The request a queued entry is sent as: the same one the online form sends. */
function sendEntry(entry: OutboxEntry): Promise<Response> {
  return fetch(CONTACT_ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: entry.idempotencyKey },
    body: JSON.stringify(entry.submission),
    credentials: 'include',
  });
}

async function resultFor(entry: OutboxEntry, response: Response): Promise<OutboxResult> {
  const { idempotencyKey } = entry;
  if (response.status === 201) {
    const answer = contactAnswerSchema.safeParse(await response.json().catch(() => null));
    return { idempotencyKey, kind: 'delivered', message: answer.success ? answer.data.message : null };
  }
  const text = (await response.text().catch(() => '')) || response.statusText;
  return { idempotencyKey, kind: 'rejected', message: `${response.status}: ${text}` };
}

export class OutboxRetryLater extends Error {
  constructor(reason: string) {
    super(`The outbox will retry later: ${reason}`);
    this.name = 'OutboxRetryLater';
  }
}

export interface ReplaySummary {
  readonly settled: number;
  readonly remaining: number;
}

/** One replay at a time across every page and the worker: a second trigger waits, then finds less to do. */
function exclusively<T>(task: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (locks) return locks.request(OUTBOX.lockName, task).then((result) => result);
  fallbackChain = fallbackChain.then(task, task);
  return fallbackChain as Promise<T>;
}
let fallbackChain: Promise<unknown> = Promise.resolve();

/**
 * Sends queued entries oldest first. Stops at the first entry that must wait
 * (keeping the order) and throws OutboxRetryLater, so a Background Sync event
 * fails and the browser schedules a retry.
 */
export function replayOutbox(send: (entry: OutboxEntry) => Promise<Response> = sendEntry): Promise<ReplaySummary> {
  return exclusively(async () => {
    let settled = 0;
    for (const entry of await queuedEntries()) {
      const valid = contactSubmissionSchema.safeParse(entry.submission);
      if (!valid.success) {
        await settle(entry, { idempotencyKey: entry.idempotencyKey, kind: 'rejected', message: valid.error.issues[0]?.message ?? 'Invalid enquiry' });
        settled += 1;
        continue;
      }
      let response: Response;
      try {
        response = await send(entry);
      } catch (error) {
        throw new OutboxRetryLater(error instanceof Error ? error.message : String(error));
      }
      if (classifyStatus(response.status) === 'retry') throw new OutboxRetryLater(`the service answered ${response.status}`);
      await settle(entry, await resultFor(entry, response));
      settled += 1;
    }
    return { settled, remaining: (await readState()).entries.length };
  });
}
