import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, getQueryFn } from './api-client';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: string, statusText = ''): Response {
  return new Response(body === '' ? null : body, { status, statusText });
}

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function stubFetch(response: Response) {
  fetchMock.mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
}

describe('apiRequest', () => {
  it('sends a JSON body with its content type and credentials', async () => {
    stubFetch(answer(201, '{"message":"ok"}'));
    await apiRequest('POST', '/api/contact', { a: 1 }, { 'Idempotency-Key': 'k' });
    expect(fetchMock).toHaveBeenCalledWith('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k' },
      body: '{"a":1}',
      credentials: 'include',
    });
  });

  it('sends neither body nor content type when there is no body', async () => {
    stubFetch(answer(200, '{}'));
    await apiRequest('GET', '/api/thing');
    expect(fetchMock).toHaveBeenCalledWith('/api/thing', {
      method: 'GET',
      headers: {},
      body: undefined,
      credentials: 'include',
    });
  });

  it('turns a non-2xx answer into "status: body"', async () => {
    stubFetch(answer(429, 'Too many messages from this address.'));
    await expect(apiRequest('POST', '/api/contact', {})).rejects.toThrow('429: Too many messages from this address.');
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(answer(503, '', 'Service Unavailable'));
    await expect(apiRequest('POST', '/api/contact', {})).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn', () => {
  it('fetches the first key element as the URL with credentials and reads JSON', async () => {
    stubFetch(answer(200, '{"name":"x"}'));
    const query = getQueryFn<{ name: string }>({ on401: 'throw' });
    await expect(query({ queryKey: ['/api/me', 'ignored'] })).resolves.toEqual({ name: 'x' });
    expect(fetchMock).toHaveBeenCalledWith('/api/me', { credentials: 'include' });
  });

  it('yields an empty result on 401 when asked to', async () => {
    stubFetch(answer(401, 'Unauthorized'));
    await expect(getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/me'] })).resolves.toBeNull();
  });

  it('treats 401 as an error by default', async () => {
    stubFetch(answer(401, 'Please log in'));
    await expect(getQueryFn({ on401: 'throw' })({ queryKey: ['/api/me'] })).rejects.toThrow('401: Please log in');
  });
});
