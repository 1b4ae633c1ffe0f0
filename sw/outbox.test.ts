import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { solveContactChallenge } from '../contract/challenge-solver';
import type { ContactSubmission } from '../contract/contact';
import { NO_ROOM_STATUS } from '../contract/contact-delivery';
import { SERVICE_ANSWER_HEADER } from '../contract/http';
import {
  enqueue,
  type OutboxEntry,
  OUTBOX_RETRY_FIRST_MS,
  OUTBOX_RETRY_MAX_MS,
  queuedEntries,
  replayOutbox,
  retryDelayMs,
  takeResults,
} from './outbox';

const submission = (message: string): ContactSubmission => ({
  firstName: 'Mei',
  lastName: 'Ling',
  email: 'mei@example.com',
  phone: '',
  service: '',
  message,
});

const entry = (key: string, queuedAt: number): OutboxEntry => ({
  idempotencyKey: key,
  submission: submission(`message ${key}`),
  queuedAt,
});

const fromService = { [SERVICE_ANSWER_HEADER.name]: SERVICE_ANSWER_HEADER.value };

const created = (message: string) =>
  new Response(JSON.stringify({ id: 'x', message }), { status: 201, headers: { ...fromService, 'Content-Type': 'application/json' } });

/**
 * A fetch that answers by the idempotency key of what it is sent, and
 * remembers the order of keys. It asks for no proof of work (the service's
 * 204 when the challenge is off): contract/contact-delivery.test.ts covers that.
 */
function fakeService(answer: (key: string) => Response | Promise<Response>) {
  const sent: string[] = [];
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    if (String(url).endsWith('/challenge')) return new Response(null, { status: 204, headers: fromService });
    const key = new Headers(init?.headers).get('Idempotency-Key')!;
    sent.push(key);
    return answer(key);
  };
  return { sent, fetch: fetch as typeof globalThis.fetch };
}

beforeEach(async () => {
  await replayOutbox({ solve: solveContactChallenge, ignoreBackoff: true, fetch: fakeService(() => created('cleanup')).fetch });
  await takeResults();
});

describe('replayOutbox', () => {
  it('sends entries oldest first, each once, and records a result for each', async () => {
    await enqueue(entry('b', 2));
    await enqueue(entry('a', 1));
    await enqueue(entry('c', 3));
    const service = fakeService((key) => created(`thanks ${key}`));
    const summary = await replayOutbox({ solve: solveContactChallenge, fetch: service.fetch });
    expect(service.sent).toEqual(['a', 'b', 'c']);
    expect(summary).toEqual({ settled: 3, remaining: 0, nextRetryAt: null });
    expect((await takeResults()).map((r) => [r.idempotencyKey, r.kind, r.message])).toEqual([
      ['a', 'delivered', 'thanks a'],
      ['b', 'delivered', 'thanks b'],
      ['c', 'delivered', 'thanks c'],
    ]);
    expect(await takeResults()).toEqual([]);
  });

  it('does not queue the same idempotency key twice', async () => {
    await enqueue(entry('a', 1));
    await enqueue(entry('a', 2));
    expect(await queuedEntries()).toHaveLength(1);
  });

  it.each([
    ['the service’s 503', () => new Response('Busy.', { status: 503, headers: fromService })],
    ['the service’s 429', () => new Response('Too many.', { status: 429, headers: fromService })],
    ['a portal’s 200 page', () => new Response('<h1>Wi-Fi login</h1>', { status: 200 })],
    ['an intermediary’s 404 page', () => new Response('<h1>Not Found</h1>', { status: 404 })],
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('keeps an entry on %s, backs it off, and still delivers the one behind it', async (_name, stuckAnswer) => {
    await enqueue(entry('a', 1));
    await enqueue(entry('b', 2));
    const service = fakeService((key) => (key === 'a' ? stuckAnswer() : created('ok')));
    const summary = await replayOutbox({ solve: solveContactChallenge, fetch: service.fetch, now: () => 1_000 });
    expect(service.sent).toEqual(['a', 'b']);
    expect(summary).toEqual({ settled: 1, remaining: 1, nextRetryAt: 1_000 + OUTBOX_RETRY_FIRST_MS });
    expect(await queuedEntries()).toEqual([{ ...entry('a', 1), attempts: 1, retryAt: 1_000 + OUTBOX_RETRY_FIRST_MS }]);
    expect(await takeResults()).toEqual([{ idempotencyKey: 'b', kind: 'delivered', message: 'ok' }]);
  });

  it('leaves a backed-off entry alone until it is due, unless told to ignore the back-off', async () => {
    await enqueue(entry('a', 1));
    const failing = fakeService(() => new Response('Busy.', { status: 503, headers: fromService }));
    await replayOutbox({ solve: solveContactChallenge, fetch: failing.fetch, now: () => 0 });
    await replayOutbox({ solve: solveContactChallenge, fetch: failing.fetch, now: () => OUTBOX_RETRY_FIRST_MS - 1 });
    expect(failing.sent).toEqual(['a']);

    await replayOutbox({ solve: solveContactChallenge, fetch: failing.fetch, now: () => OUTBOX_RETRY_FIRST_MS });
    expect(failing.sent).toEqual(['a', 'a']);
    expect((await queuedEntries())[0]).toMatchObject({ attempts: 2, retryAt: OUTBOX_RETRY_FIRST_MS * 3 });

    const back = fakeService(() => created('ok'));
    await replayOutbox({ solve: solveContactChallenge, fetch: back.fetch, now: () => OUTBOX_RETRY_FIRST_MS + 1, ignoreBackoff: true });
    expect(back.sent).toEqual(['a']);
    expect(await queuedEntries()).toEqual([]);
  });

  it('drops a rejected entry, reports "status: body", and goes on with the next', async () => {
    await enqueue(entry('a', 1));
    await enqueue(entry('b', 2));
    await replayOutbox({
      solve: solveContactChallenge,
      fetch: fakeService((key) =>
        key === 'a' ? new Response('Please enter a valid email address.', { status: 400, headers: fromService }) : created('ok'),
      ).fetch,
    });
    expect(await queuedEntries()).toEqual([]);
    expect(await takeResults()).toEqual([
      { idempotencyKey: 'a', kind: 'rejected', message: '400: Please enter a valid email address.' },
      { idempotencyKey: 'b', kind: 'delivered', message: 'ok' },
    ]);
  });

  it('drops an entry the service had no room to hold, with its sentence, instead of sending it again later', async () => {
    await enqueue(entry('a', 1));
    const sentence = 'Your message could not be taken right now. Please write to us at hello@teratai-wealth.example.';
    const back = fakeService(() => new Response(sentence, { status: NO_ROOM_STATUS, headers: fromService }));
    await replayOutbox({ solve: solveContactChallenge, fetch: back.fetch });
    expect(await queuedEntries()).toEqual([]);
    expect(await takeResults()).toEqual([{ idempotencyKey: 'a', kind: 'rejected', message: `${NO_ROOM_STATUS}: ${sentence}` }]);
  });

  it('never sends an entry twice when two replays start at once', async () => {
    await enqueue(entry('a', 1));
    await enqueue(entry('b', 2));
    const service = fakeService(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return created('ok');
    });
    await Promise.all([
      replayOutbox({ solve: solveContactChallenge, fetch: service.fetch }),
      replayOutbox({ solve: solveContactChallenge, fetch: service.fetch }),
    ]);
    expect(service.sent).toEqual(['a', 'b']);
    expect(await takeResults()).toHaveLength(2);
  });

  it('rejects a queued entry that no longer passes the schema without sending it', async () => {
    await enqueue({ idempotencyKey: 'a', queuedAt: 1, submission: { ...submission('x'), email: 'nope' } });
    const service = fakeService(() => created('ok'));
    await replayOutbox({ solve: solveContactChallenge, fetch: service.fetch });
    expect(service.sent).toEqual([]);
    expect((await takeResults())[0]).toMatchObject({ kind: 'rejected', issue: { message: 'field.email.invalid', path: ['email'] } });
  });
});

describe('retryDelayMs', () => {
  it('doubles from the first delay up to the cap', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([1, 2, 4, 8].map((factor) => factor * OUTBOX_RETRY_FIRST_MS));
    expect(retryDelayMs(30)).toBe(OUTBOX_RETRY_MAX_MS);
  });
});
