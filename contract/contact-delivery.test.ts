import { describe, expect, it, vi } from 'vitest';
import type { ContactSubmission } from './contact';
import { classifyAnswer, deliverContact } from './contact-delivery';
import { SERVICE_ANSWER_HEADER } from './http';

const fromService = { [SERVICE_ANSWER_HEADER.name]: SERVICE_ANSWER_HEADER.value };
const json = { 'Content-Type': 'application/json' };
const html = { 'Content-Type': 'text/html' };
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

  it('uses the status text when the service’s refusal has no body', async () => {
    const outcome = await classifyAnswer(new Response(null, { status: 422, statusText: 'Unprocessable Entity', headers: fromService }));
    expect(outcome).toEqual({ kind: 'rejected', message: '422: Unprocessable Entity' });
  });

  it('gives a retry "status: body" as its reason, for when the enquiry cannot even be kept', async () => {
    const outcome = await classifyAnswer(new Response('Could not be saved.', { status: 503, headers: fromService }));
    expect(outcome).toEqual({ kind: 'retry', reason: '503: Could not be saved.' });
  });
});

describe('deliverContact', () => {
  it('posts the enquiry as JSON, with credentials and its Idempotency-Key', async () => {
    const send = vi.fn<typeof fetch>(async () => new Response(answerBody, { status: 201, headers: fromService }));
    await deliverContact(submission, 'key-1', { fetch: send });
    expect(send).toHaveBeenCalledWith('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'key-1' },
      body: JSON.stringify(submission),
      credentials: 'include',
      signal: expect.any(AbortSignal),
    });
  });

  it('asks for the answer in the enquiry’s language, when it has one', async () => {
    const send = vi.fn<typeof fetch>(async () => new Response(answerBody, { status: 201, headers: fromService }));
    const inMalay = { ...submission, locale: 'ms' } as const;
    await deliverContact(inMalay, 'key-2', { fetch: send });
    expect(send.mock.calls[0]?.[1]?.headers).toEqual({
      'Content-Type': 'application/json',
      'Idempotency-Key': 'key-2',
      'Accept-Language': 'ms',
    });
    expect(send.mock.calls[0]?.[1]?.body).toBe(JSON.stringify(inMalay));
  });

  it('turns a network failure into retry', async () => {
    const send = vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await deliverContact(submission, 'key-1', { fetch: send })).toEqual({ kind: 'retry', reason: 'Failed to fetch' });
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
    const outcome = await deliverContact(submission, 'key-1', { fetch: send, timeoutMs: 20 });
    expect(outcome).toEqual({ kind: 'retry', reason: 'no answer within 0.02 s' });
    expect(signal?.aborted).toBe(true);
  });
});
