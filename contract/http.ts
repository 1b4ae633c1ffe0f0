/**
 * The request rules the page, the worker and the service agree on (spec
 * section 7 and decisions.md): how a JSON request is built, how an error
 * answer reads ("status: body"), and how an answer is known to come from the
 * service itself rather than from something in between (a Wi-Fi portal, a
 * proxy's error page).
 */

/**
 * Every answer of the service carries this header, errors included. Whatever
 * lacks it (a captive portal's 200, an intermediary's 404 page) was not
 * written by the service, so it says nothing about the enquiry.
 */
export const SERVICE_ANSWER_HEADER = { name: 'X-Teratai-Service', value: '1' } as const;

export function isServiceAnswer(response: Response): boolean {
  return response.headers.get(SERVICE_ANSWER_HEADER.name) === SERVICE_ANSWER_HEADER.value;
}

/** Credentials always; a JSON body and its content type only when there is a body. */
export function jsonRequestInit(method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit {
  const hasBody = body !== undefined;
  return {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json', ...headers } : headers,
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
  };
}

/** The spec's error text: the status, a colon and a space, then the body (or the status text when it is empty). */
export async function statusLine(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')) || response.statusText;
  return `${response.status}: ${text}`;
}
