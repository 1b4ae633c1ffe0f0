import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it, vi } from 'vitest';
import { solveContactChallenge } from './challenge-solver';
import type { ContactSubmission } from './contact';
import { CHALLENGE_ALGORITHM, decodeSolution } from './contact-challenge';
import { CHALLENGE_RESOLVES, classifyAnswer, deliverContact, NO_ROOM_STATUS } from './contact-delivery';
import { SERVICE_ANSWER_HEADER } from './http';

const fromService = { [SERVICE_ANSWER_HEADER.name]: SERVICE_ANSWER_HEADER.value };
const json = { 'Content-Type': 'application/json' };
const html = { 'Content-Type': 'text/html' };
const PORTAL = '<h1>Sign in to Airport Wi-Fi</h1>';
const answerBody = JSON.stringify({ id: 'r1', message: 'Thank you, Mei! We will contact you within 24 hours.' });

const submission: ContactSubmission = {
  firstName: 'Mei',
  lastName: 'Ling',
  email: 'mei@example.com',
  phone: '',
  service: '',
  message: 'Hello',
};

describe('classifyAnswer', () => {
  it('delivered: only the service’s own 201 with the contract’s answer', async () => {
    const outcome = await classifyAnswer(new Response(answerBody, { status: 201, headers: { ...fromService, ...json } }));
    expect(outcome).toEqual({ kind: 'delivered', message: 'Thank you, Mei! We will contact you within 24 hours.' });
  });

  it('delivered: the answer with the reference, as the service gives it, and one without it, as before references', async () => {
    const message = 'Thank you, Mei! We will contact you within 24 hours. Your reference is TW-1FB19480.';
    const withReference = JSON.stringify({ id: '1fb19480-0000-4000-8000-000000000000', reference: 'TW-1FB19480', message });
    const outcome = await classifyAnswer(new Response(withReference, { status: 201, headers: { ...fromService, ...json } }));
    expect(outcome).toEqual({ kind: 'delivered', message });
    const without = await classifyAnswer(new Response(answerBody, { status: 201, headers: { ...fromService, ...json } }));
    expect(without.kind).toBe('delivered');
  });

  it.each([
    ['a 201 without the service’s marker', new Response(answerBody, { status: 201, headers: json })],
    ['the service’s 201 with a body that is not the answer', new Response('{"ok":true}', { status: 201, headers: fromService })],
    ['the service’s 201 with no JSON at all', new Response('stored', { status: 201, headers: fromService })],
    ['a captive portal’s 200 page', new Response('<h1>Sign in to Airport Wi-Fi</h1>', { status: 200, headers: html })],
    ['an intermediary’s 403 page', new Response('<h1>Forbidden</h1>', { status: 403, headers: html })],
    ['an intermediary’s 404 page', new Response('<h1>Not Found</h1>', { status: 404, headers: html })],
    ['a proxy’s 407', new Response('Proxy Authentication Required', { status: 407 })],
    ['a redirect', new Response(null, { status: 302, headers: { Location: '/login' } })],
    ['the service’s 408', new Response('Too slow.', { status: 408, headers: fromService })],
    ['the service’s 428 (a solution spent or expired on the way)', new Response('Solve again.', { status: 428, headers: fromService })],
    ['the service’s 429', new Response('Too many messages.', { status: 429, headers: fromService })],
    ['the service’s 500', new Response('Something went wrong.', { status: 500, headers: fromService })],
    ['the service’s 503', new Response('Could not be saved.', { status: 503, headers: fromService })],
    ['a 400 without the marker', new Response('Bad Request', { status: 400 })],
  ])('retry: %s', async (_name, response) => {
    expect((await classifyAnswer(response)).kind).toBe('retry');
  });

  it.each([400, 404, 405, 413, 415, 422])('rejected: the service’s own %i, as "status: body"', async (status) => {
    const outcome = await classifyAnswer(new Response('Please enter a valid email address.', { status, headers: fromService }));
    expect(outcome).toEqual({ kind: 'rejected', message: `${status}: Please enter a valid email address.` });
  });

  it('rejected: the service’s answer that it has no room to hold the enquiry, so that nothing sends it again and again', async () => {
    const sentence = 'Your message could not be taken right now. Please write to us at hello@teratai-wealth.example.';
    const outcome = await classifyAnswer(new Response(sentence, { status: NO_ROOM_STATUS, headers: fromService }));
    expect(outcome).toEqual({ kind: 'rejected', message: `${NO_ROOM_STATUS}: ${sentence}` });
  });

  it('marks the service’s own 429 as too many, for the page to show rather than queue; nobody else’s', async () => {
    expect(await classifyAnswer(new Response('Too many messages.', { status: 429, headers: fromService }))).toEqual({
      kind: 'retry',
      reason: '429: Too many messages.',
      tooMany: true,
    });
    expect(await classifyAnswer(new Response('Slow down', { status: 429 }))).not.toHaveProperty('tooMany');
  });

  it('uses the status text when the service’s refusal has no body', async () => {
    const outcome = await classifyAnswer(new Response(null, { status: 422, statusText: 'Unprocessable Entity', headers: fromService }));
    expect(outcome).toEqual({ kind: 'rejected', message: '422: Unprocessable Entity' });
  });

  it('gives a retry "status: body" as its reason, for when the enquiry cannot even be kept', async () => {
    const outcome = await classifyAnswer(new Response('Could not be saved.', { status: 503, headers: fromService }));
    expect(outcome).toEqual({ kind: 'retry', reason: '503: Could not be saved.' });
  });
});

const SECRET = 'a test secret';
const KEY_SECRET = 'another test secret';

/** A challenge as the service makes them, but quick to solve. */
function smallChallenge() {
  return createChallenge({
    algorithm: CHALLENGE_ALGORITHM,
    cost: 10,
    counter: 5,
    deriveKey,
    expiresAt: new Date(Date.now() + 60_000),
    hmacSignatureSecret: SECRET,
    hmacKeySignatureSecret: KEY_SECRET,
  });
}

const challengeAnswer = async () =>
  new Response(JSON.stringify(await smallChallenge()), { status: 200, headers: { ...fromService, ...json } });
const stored = () => new Response(answerBody, { status: 201, headers: { ...fromService, ...json } });

/** A fetch that answers the challenge endpoint with `challenge()` and the contact endpoint with `post()`. */
function fakeService(post: () => Response | Promise<Response>, challenge: () => Response | Promise<Response> = challengeAnswer) {
  return vi.fn<typeof fetch>(async (url) => (String(url).endsWith('/challenge') ? challenge() : post()));
}

const postsOf = (send: ReturnType<typeof fakeService>) => send.mock.calls.filter(([url]) => url === '/api/contact');
const solutionOf = (init: RequestInit | undefined) => decodeSolution((init?.headers as Record<string, string>).Altcha ?? '');

describe('deliverContact', () => {
  it('asks for a challenge, solves it, and posts the enquiry as JSON with the solution, credentials and its Idempotency-Key', async () => {
    const send = fakeService(stored);
    expect(await deliverContact(submission, 'key-1', { solve: solveContactChallenge, fetch: send })).toMatchObject({ kind: 'delivered' });
    expect(send.mock.calls[0]).toEqual(['/api/contact/challenge', expect.objectContaining({ method: 'GET', credentials: 'include' })]);
    expect(send).toHaveBeenLastCalledWith('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'key-1', Altcha: expect.any(String) },
      body: JSON.stringify(submission),
      credentials: 'include',
      signal: expect.any(AbortSignal),
    });
    const solved = solutionOf(send.mock.lastCall?.[1]);
    expect(solved).not.toBeNull();
    const check = await verifySolution({ ...solved!, deriveKey, hmacSignatureSecret: SECRET, hmacKeySignatureSecret: KEY_SECRET });
    expect(check.verified).toBe(true);
  });

  it('sends no solution when the service asks for none (204: the challenge is off)', async () => {
    const send = fakeService(stored, () => new Response(null, { status: 204, headers: fromService }));
    expect(await deliverContact(submission, 'key-1', { solve: solveContactChallenge, fetch: send })).toMatchObject({ kind: 'delivered' });
    expect(postsOf(send)[0]?.[1]?.headers).toEqual({ 'Content-Type': 'application/json', 'Idempotency-Key': 'key-1' });
  });

  it('asks for the answer in the enquiry’s language, when it has one', async () => {
    const send = fakeService(stored);
    const inMalay = { ...submission, locale: 'ms' } as const;
    await deliverContact(inMalay, 'key-2', { solve: solveContactChallenge, fetch: send });
    expect(send.mock.calls[0]?.[1]?.headers).toEqual({ 'Accept-Language': 'ms' });
    expect(postsOf(send)[0]?.[1]?.headers).toEqual({
      'Content-Type': 'application/json',
      'Idempotency-Key': 'key-2',
      'Accept-Language': 'ms',
      Altcha: expect.any(String),
    });
    expect(postsOf(send)[0]?.[1]?.body).toBe(JSON.stringify(inMalay));
  });

  it('solves a new challenge after the service’s 428 and sends again under the same key', async () => {
    const answers = [new Response('Solve again.', { status: 428, headers: fromService }), stored()];
    const send = fakeService(() => answers.shift()!);
    expect(await deliverContact(submission, 'key-3', { solve: solveContactChallenge, fetch: send })).toMatchObject({ kind: 'delivered' });
    const posts = postsOf(send);
    expect(posts).toHaveLength(2);
    expect(posts.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key'])).toEqual(['key-3', 'key-3']);
    const [first, second] = posts.map(([, init]) => solutionOf(init)!.challenge.signature);
    expect(second).not.toBe(first);
  });

  it('after the service’s 428 a bounded number of times, keeps the enquiry for later: never an error', async () => {
    const send = fakeService(() => new Response('Solve again.', { status: 428, headers: fromService }));
    expect(await deliverContact(submission, 'key-4', { solve: solveContactChallenge, fetch: send })).toEqual({
      kind: 'retry',
      reason: '428: Solve again.',
    });
    expect(postsOf(send)).toHaveLength(1 + CHALLENGE_RESOLVES);
  });

  it('a 428 that is not the service’s is not a reason to solve again: retry later', async () => {
    const send = fakeService(() => new Response('Precondition Required', { status: 428 }));
    expect(await deliverContact(submission, 'key-5', { solve: solveContactChallenge, fetch: send })).toMatchObject({ kind: 'retry' });
    expect(postsOf(send)).toHaveLength(1);
  });

  it.each([
    ['a portal’s page', () => new Response(PORTAL, { status: 200, headers: html })],
    ['the service’s 503', () => new Response('Busy.', { status: 503, headers: fromService })],
    ['the service’s 200 that is not a challenge', () => new Response('{"ok":true}', { status: 200, headers: { ...fromService, ...json } })],
  ])('when the challenge comes back as %s, sends nothing and says retry', async (_name, challenge) => {
    const send = fakeService(stored, challenge);
    expect(await deliverContact(submission, 'key-6', { solve: solveContactChallenge, fetch: send })).toMatchObject({ kind: 'retry' });
    expect(postsOf(send)).toHaveLength(0);
  });

  it('turns a network failure into retry', async () => {
    const send = vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await deliverContact(submission, 'key-1', { solve: solveContactChallenge, fetch: send })).toEqual({
      kind: 'retry',
      reason: 'Failed to fetch',
    });
  });

  it('gives up waiting after the timeout, aborts the request, and says retry', async () => {
    let signal: AbortSignal | undefined;
    const send = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          signal = init?.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const outcome = await deliverContact(submission, 'key-1', { solve: solveContactChallenge, fetch: send, timeoutMs: 20 });
    expect(outcome).toEqual({ kind: 'retry', reason: 'no answer within 0.02 s' });
    expect(signal?.aborted).toBe(true);
  });
});
