import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ContactSubmission } from '../contract/contact';
import {
  classifyStatus,
  enqueue,
  type OutboxEntry,
  OutboxRetryLater,
  queuedEntries,
  replayOutbox,
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

const created = (message: string) =>
  new Response(JSON.stringify({ id: 'x', message }), { status: 201, headers: { 'Content-Type': 'application/json' } });

beforeEach(async () => {
  await replayOutbox(async () => created('cleanup'));
  await takeResults();
});

describe('classifyStatus', () => {
  it.each([
    [201, 'delivered'],
    [400, 'rejected'],
    [413, 'rejected'],
    [415, 'rejected'],
    [422, 'rejected'],
    [408, 'retry'],
    [429, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
    [200, 'retry'],
    [302, 'retry'],
  ] as const)('%i is %s', (status, expected) => {
    expect(classifyStatus(status)).toBe(expected);
  });
});

describe('replayOutbox', () => {
  it('sends entries oldest first, each once, and records a result for each', async () => {
    await enqueue(entry('b', 2));
    await enqueue(entry('a', 1));
    await enqueue(entry('c', 3));
    const sent: string[] = [];
    const summary = await replayOutbox(async (e) => {
      sent.push(e.idempotencyKey);
      return created(`thanks ${e.idempotencyKey}`);
    });
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(summary).toEqual({ settled: 3, remaining: 0 });
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

  it.each([500, 503, 408, 429, 200])('keeps the entry and everything after it when the service answers %i', async (status) => {
    await enqueue(entry('a', 1));
    await enqueue(entry('b', 2));
    const sent: string[] = [];
    await expect(
      replayOutbox(async (e) => {
        sent.push(e.idempotencyKey);
        return new Response('busy', { status });
      }),
    ).rejects.toBeInstanceOf(OutboxRetryLater);
    expect(sent).toEqual(['a']);
    expect((await queuedEntries()).map((e) => e.idempotencyKey)).toEqual(['a', 'b']);
    expect(await takeResults()).toEqual([]);
  });

  it('keeps the entry when the network fails', async () => {
    await enqueue(entry('a', 1));
    await expect(replayOutbox(async () => Promise.reject(new TypeError('Failed to fetch')))).rejects.toBeInstanceOf(
      OutboxRetryLater,
    );
    expect(await queuedEntries()).toHaveLength(1);
  });

  it('drops a rejected entry, reports "status: body", and goes on with the next', async () => {
    await enqueue(entry('a', 1));
    await enqueue(entry('b', 2));
    await replayOutbox(async (e) =>
      e.idempotencyKey === 'a' ? new Response('Please enter a valid email address.', { status: 400 }) : created('ok'),
    );
    expect(await queuedEntries()).toEqual([]);
    expect(await takeResults()).toEqual([
      { idempotencyKey: 'a', kind: 'rejected', message: '400: Please enter a valid email address.' },
      { idempotencyKey: 'b', kind: 'delivered', message: 'ok' },
    ]);
  });

  it('uses the status text when a rejection has no body', async () => {
    await enqueue(entry('a', 1));
    await replayOutbox(async () => new Response(null, { status: 422, statusText: 'Unprocessable Entity' }));
    expect((await takeResults())[0]).toMatchObject({ kind: 'rejected', message: '422: Unprocessable Entity' });
  });

  it('records a delivery without a readable message so the page can use its fallback', async () => {
    await enqueue(entry('a', 1));
    await replayOutbox(async () => new Response('not json', { status: 201 }));
    expect(await takeResults()).toEqual([{ idempotencyKey: 'a', kind: 'delivered', message: null }]);
  });

  it('never sends an entry twice when two replays start at once', async () => {
    await enqueue(entry('a', 1));
    await enqueue(entry('b', 2));
    const sent: string[] = [];
    const send = async (e: OutboxEntry) => {
      sent.push(e.idempotencyKey);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return created('ok');
    };
    await Promise.all([replayOutbox(send), replayOutbox(send)]);
    expect(sent).toEqual(['a', 'b']);
    expect(await takeResults()).toHaveLength(2);
  });

  it('rejects a queued entry that no longer passes the schema without sending it', async () => {
    await enqueue({ idempotencyKey: 'a', queuedAt: 1, submission: { ...submission('x'), email: 'nope' } });
    const sent: string[] = [];
    await replayOutbox(async (e) => {
      sent.push(e.idempotencyKey);
      return created('ok');
    });
    expect(sent).toEqual([]);
    expect((await takeResults())[0]).toMatchObject({ kind: 'rejected', message: 'Please enter a valid email address' });
  });
});
