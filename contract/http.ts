/**
 * The request rules the page, the worker and the service agree on (spec
 * section 7 and the product rules, both in docs/product.md): how a JSON request is built, how an error
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

/**
 * The language of the service's answers. Every sentence the
 * service sends a visitor (a refusal, the 201's thank-you, the pages of a
 * form sent without JavaScript) is in one of the site's languages (LOCALES,
 * ./locales.ts), and says which with `Content-Language`:
 * 1. the body's `locale` (en, ms, zh), when it is one of them: the page sends
 *    its own language with the enquiry; the no-JS form carries it in a hidden
 *    `locale` field;
 * 2. else the request's `Accept-Language` (negotiateLocale: ms-MY → ms,
 *    zh-CN → zh), which is also the rule for refusals made before the body is
 *    read (413, 415, 429, a malformed body or Idempotency-Key): the page and
 *    the worker send `Accept-Language: <locale>` with each enquiry
 *    (./contact-delivery.ts) so that those too come back in its language;
 * 3. else English.
 * A `locale` that is not one of the languages is refused (400). The enquiry is
 * stored with the language decided (1 or 2, else `en`), and the operator's
 * alerts name it. The service's own answers for a site path (405, 503)
 * follow the path's language (/ms/… in Malay).
 */

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
