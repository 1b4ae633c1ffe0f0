/**
 * The one request helper (spec section 7): credentials always included, a JSON
 * body and its content type only when there is a body, and any non-2xx answer
 * turned into an Error reading "status: body text" (or the status text when the
 * body is empty). The request shape and the error text are the contract's
 * (contract/http.ts), which the contact delivery uses too.
 */
import { jsonRequestInit, statusLine } from '../../contract/http';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function throwIfResponseNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  throw new ApiError(response.status, await statusLine(response));
}

export async function apiRequest(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const response = await fetch(url, jsonRequestInit(method, body, headers));
  await throwIfResponseNotOk(response);
  return response;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default data query: fetches the first element of its key as the URL and
 * reads JSON. With on401 'returnNull', a 401 answer is an empty result.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    const response = await fetch(String(queryKey[0]), { credentials: 'include' });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfResponseNotOk(response);
    return (await response.json()) as T;
  };
}
