/**
 * The offline outbox: the ONE owner of enquiries that could not reach the
 * service yet, and of the results of delivering them. The page and the service
 * worker both use this module, so it touches no page or worker globals beyond
 * what both have (IndexedDB, fetch, navigator.locks).
 *
 * Queue and results live under one IndexedDB key and every change is one
 * read-modify-write transaction (idb-keyval `update`), so "remove the entry"
 * and "record its result" can never be split by a crash.
 *
 * Unlike workbox-background-sync's stock replay (which counts any HTTP answer
 * as sent: GoogleChrome/workbox#2599), an entry leaves the queue only when
 * contract/contact-delivery.ts says the service stored it or refused it. An
 * entry that must wait gets its own back-off and the replay goes on with the
 * entries behind it, so one stuck entry never holds up the rest.
 */
import { createStore, get, update, type UseStore } from 'idb-keyval';
import { type ContactIssue, type ContactSubmission, contactSubmissionSchema } from '../contract/contact';
import type { ChallengeSolver } from '../contract/contact-challenge';
import { deliverContact } from '../contract/contact-delivery';
import { OUTBOX } from '../contract/outbox';

export interface OutboxEntry {
  readonly idempotencyKey: string;
  readonly submission: ContactSubmission;
  /** ms since the epoch; entries are delivered oldest first. */
  readonly queuedAt: number;
  /** Sends that came back "retry". Absent on entries queued before back-off existed: read as 0. */
  readonly attempts?: number;
  /** ms since the epoch before which the entry is not sent again (except when the network has just returned). */
  readonly retryAt?: number;
}

/** What the visitor is told once an entry has left the queue. */
export type OutboxResult =
  | { readonly idempotencyKey: string; readonly kind: 'delivered'; readonly message: string | null }
  | {
      readonly idempotencyKey: string;
      readonly kind: 'rejected';
      /** The service's sentence, already in the page's language; empty when `issue` says what was wrong. */
      readonly message: string;
      /** An entry the schema refused before sending: the page words it in its language (describeContactIssue). */
      readonly issue?: ContactIssue;
    };

interface OutboxState {
  readonly entries: readonly OutboxEntry[];
  readonly results: readonly OutboxResult[];
}

const EMPTY: OutboxState = { entries: [], results: [] };

/** The first retry of an entry waits this long; each further one twice as long as the one before... */
export const OUTBOX_RETRY_FIRST_MS = 5_000;
/** ...up to this: a stuck entry is still tried every 5 minutes while a page is open. */
export const OUTBOX_RETRY_MAX_MS = 5 * 60_000;

/** How long an entry waits after its `attempts`-th failed send. */
export function retryDelayMs(attempts: number): number {
  return Math.min(OUTBOX_RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), OUTBOX_RETRY_MAX_MS);
}

let store: UseStore | null = null;
function outboxStore(): UseStore {
  store ??= createStore(OUTBOX.databaseName, OUTBOX.storeName);
  return store;
}

async function readState(): Promise<OutboxState> {
  return (await get<OutboxState>(OUTBOX.stateKey, outboxStore())) ?? EMPTY;
}

async function changeState(change: (state: OutboxState) => OutboxState): Promise<void> {
  await update<OutboxState>(OUTBOX.stateKey, (state) => change(state ?? EMPTY), outboxStore());
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

async function postpone(entry: OutboxEntry, now: number): Promise<void> {
  const attempts = (entry.attempts ?? 0) + 1;
  const retryAt = now + retryDelayMs(attempts);
  await changeState((state) => ({
    ...state,
    entries: state.entries.map((queued) => (queued.idempotencyKey === entry.idempotencyKey ? { ...queued, attempts, retryAt } : queued)),
  }));
}

export interface ReplaySummary {
  readonly settled: number;
  /** Entries still queued, whether they were tried or not yet due. */
  readonly remaining: number;
  /** When the earliest remaining entry is due again (ms since the epoch), or null when the queue is empty. */
  readonly nextRetryAt: number | null;
}

export interface ReplayOptions {
  /** Solves the service's challenge for each send (../contract/contact-delivery.ts). */
  readonly solve: ChallengeSolver;
  /** Send every entry now, whatever its back-off: the network has just come back, so earlier failures say little. */
  readonly ignoreBackoff?: boolean;
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
}

/** One replay at a time across every page and the worker: a second trigger waits, then finds less to do. */
function exclusively<T>(task: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (locks) return locks.request(OUTBOX.lockName, task).then((result) => result);
  fallbackChain = fallbackChain.then(task, task);
  return fallbackChain as Promise<T>;
}
let fallbackChain: Promise<unknown> = Promise.resolve();

/** Sends one entry and records what came of it. Returns true when it left the queue. */
async function replayEntry(entry: OutboxEntry, { solve, fetch: send, now = Date.now }: ReplayOptions): Promise<boolean> {
  const { idempotencyKey } = entry;
  const valid = contactSubmissionSchema.safeParse(entry.submission);
  if (!valid.success) {
    const issue = valid.error.issues[0];
    await settle(entry, {
      idempotencyKey,
      kind: 'rejected',
      message: '',
      issue: { message: issue?.message ?? 'problem.invalid', path: issue?.path.map(String) ?? [] },
    });
    return true;
  }
  const outcome = await deliverContact(entry.submission, idempotencyKey, send ? { solve, fetch: send } : { solve });
  if (outcome.kind === 'retry') {
    await postpone(entry, now());
    return false;
  }
  await settle(entry, { idempotencyKey, kind: outcome.kind, message: outcome.message });
  return true;
}

/** Sends the due entries oldest first, each on its own: one that must wait is postponed, and the next is tried. */
export function replayOutbox(options: ReplayOptions): Promise<ReplaySummary> {
  const { ignoreBackoff = false, now = Date.now } = options;
  return exclusively(async () => {
    let settled = 0;
    for (const entry of await queuedEntries()) {
      if (!ignoreBackoff && (entry.retryAt ?? 0) > now()) continue;
      if (await replayEntry(entry, options)) settled += 1;
    }
    const { entries } = await readState();
    const nextRetryAt = entries.length === 0 ? null : Math.min(...entries.map((entry) => entry.retryAt ?? 0));
    return { settled, remaining: entries.length, nextRetryAt };
  });
}
