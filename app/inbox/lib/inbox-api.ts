/**
 * The inbox's calls to the service (contract/inbox.ts), each answer checked
 * against the contract's schema. A refusal becomes an InboxApiError with the
 * service's sentence. A 401 outside signing in means the session is gone
 * (expired, ended elsewhere): onSignedOut brings back the sign-in page.
 */
import type { z } from 'zod';
import { jsonRequestInit } from '../../../contract/http';
import {
  deletedSchema,
  deliveriesSchema,
  enquiryDetailSchema,
  enquiryListSchema,
  heldListSchema,
  INBOX_API,
  inboxErrorSchema,
  personalDataSchema,
  recoveryCodesSchema,
  sessionStateSchema,
  type EnquiryListQuery,
  type InboxStatus,
  type SessionState,
  type SignInRequest,
} from '../../../contract/inbox';

export class InboxApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Retry-After of a 429, in seconds. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'InboxApiError';
  }
}

const releasedSchema = enquiryDetailSchema.shape.enquiry.pick({ id: true, reference: true });

async function errorOf(response: Response): Promise<InboxApiError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = inboxErrorSchema.safeParse(body);
  const retryAfter = Number(response.headers.get('Retry-After'));
  return new InboxApiError(
    response.status,
    parsed.success ? parsed.data.error : response.statusText || `HTTP ${response.status}`,
    response.status === 429 && Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

/** `?a=1&b=2` of the defined values, or nothing. */
function queryString(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function createInboxApi({ onSignedOut }: { onSignedOut: () => void }) {
  /** Calls whose 401 is their own answer (nobody signed in, a wrong password or code), handled where they are made. */
  const SIGN_IN_CALLS = new Set(['/session', '/sign-in']);

  async function send(method: string, path: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${INBOX_API}${path}`, jsonRequestInit(method, body));
    if (response.ok) return response;
    const error = await errorOf(response);
    if (response.status === 401 && !SIGN_IN_CALLS.has(path)) onSignedOut();
    throw error;
  }

  async function json<S extends z.ZodType>(schema: S, method: string, path: string, body?: unknown): Promise<z.infer<S>> {
    const response = await send(method, path, body);
    return schema.parse(await response.json());
  }

  // By id, never by reference: the page of an enquiry is that enquiry's, whatever shares its reference.
  const enquiryPath = (id: string) => `/enquiries/${encodeURIComponent(id)}`;

  return {
    /** Where the person stands; null when nobody is signed in. */
    async session(): Promise<SessionState | null> {
      try {
        return await json(sessionStateSchema, 'GET', '/session');
      } catch (error) {
        if (error instanceof InboxApiError && error.status === 401) return null;
        throw error;
      }
    },
    signIn: (request: SignInRequest) => json(sessionStateSchema, 'POST', '/sign-in', request),
    enrol: (code: string) => json(recoveryCodesSchema, 'POST', '/enrol', { code }),
    signOut: () => send('POST', '/sign-out').then(() => undefined),
    signOutEverywhere: () => send('POST', '/sign-out-everywhere').then(() => undefined),

    enquiries: (query: EnquiryListQuery) => json(enquiryListSchema, 'GET', `/enquiries${queryString(query)}`),
    enquiry: (id: string) => json(enquiryDetailSchema, 'GET', enquiryPath(id)),
    changeEnquiry: (id: string, change: { status?: InboxStatus; assigneeId?: string | null }) =>
      json(enquiryDetailSchema, 'PATCH', enquiryPath(id), change),
    addNote: (id: string, text: string) => json(enquiryDetailSchema, 'POST', `${enquiryPath(id)}/notes`, { text }),
    /** Queues a reply by e-mail; the outbox sends it. */
    sendReply: (id: string, text: string) => json(enquiryDetailSchema, 'POST', `${enquiryPath(id)}/replies`, { text }),
    /** Where the replies stand, and the status: no personal data, for asking again while one is sent. */
    deliveries: (id: string) => json(deliveriesSchema, 'GET', `${enquiryPath(id)}/deliveries`),
    /** Records that the conversation was handed over to WhatsApp. */
    handOffToWhatsApp: (id: string) => json(enquiryDetailSchema, 'POST', `${enquiryPath(id)}/whatsapp`, {}),

    held: () => json(heldListSchema, 'GET', '/held'),
    release: (id: string) => json(releasedSchema, 'POST', `/held/${encodeURIComponent(id)}/release`),

    personalData: (email: string) => json(personalDataSchema, 'GET', `/requests${queryString({ email })}`),
    /** The address of an export, for a download link. */
    exportUrl: (email: string, format: 'json' | 'csv') => `${INBOX_API}/requests/export${queryString({ email, format })}`,
    deletePersonalData: (email: string, password: string) => json(deletedSchema, 'POST', '/requests/delete', { email, password }),

    changePassword: (current: string, next: string) => send('POST', '/account/password', { current, next }).then(() => undefined),
    newRecoveryCodes: (password: string) => json(recoveryCodesSchema, 'POST', '/account/recovery-codes', { password }),
  };
}

export type InboxApi = ReturnType<typeof createInboxApi>;
