/**
 * The staff inbox's calls, shared by the inbox page (app/inbox/) and the
 * service (service/routes/inbox/): every path under INBOX_API, each request
 * body and each answer, as zod schemas. Every answer is JSON with
 * `Cache-Control: no-store`; a call without a signed-in session gets 401
 * `{ error }`, a state change from another site 403 `{ error }`.
 */
import { z } from 'zod';
import { NOT_IN_THE_MESSAGE } from './contact';

export const INBOX_PATH = '/inbox';
export const INBOX_API = '/api/inbox';

/** `new-reply`: the visitor answered by e-mail (service/mailbox/), shown as New reply. */
export const inboxEnquiryStatuses = ['new', 'new-reply', 'replied', 'closed'] as const;
export const inboxStatusSchema = z.enum(inboxEnquiryStatuses);
export type InboxStatus = z.infer<typeof inboxStatusSchema>;

/** Every refusal: one sentence for a person. */
export const inboxErrorSchema = z.object({ error: z.string() });

export const staffSchema = z.object({ id: z.string(), username: z.string() });
export type Staff = z.infer<typeof staffSchema>;

// ---- Signing in ---------------------------------------------------------

/** POST /sign-in. `code` is the six-digit code or a recovery code; empty at the first sign-in, before enrolment. */
export const signInRequestSchema = z.object({
  username: z.string().max(200),
  password: z.string().max(1000),
  code: z.string().max(100),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** What to show to enrol a second factor: the QR code (an SVG) and the same key as base32 text. */
export const enrolmentSchema = z.object({ setupKey: z.string(), otpauthUri: z.string(), qrSvg: z.string() });
export type Enrolment = z.infer<typeof enrolmentSchema>;

/**
 * GET /session and POST /sign-in answer with where the person stands. A wrong
 * username, password or code is 401 with the one generic sentence; repeated
 * guessing is 429 with `Retry-After`.
 */
export const sessionStateSchema = z.discriminatedUnion('stage', [
  z.object({ stage: z.literal('signed-in'), user: staffSchema }),
  z.object({ stage: z.literal('enrol'), user: staffSchema, enrolment: enrolmentSchema }),
]);
export type SessionState = z.infer<typeof sessionStateSchema>;

/** POST /enrol: the first code from the authenticator app; answered with the recovery codes, shown once. A wrong code is 400 with a sentence; the enrolment stays open. */
export const enrolRequestSchema = z.object({ code: z.string().max(100) });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).length(10) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

// POST /sign-out and POST /sign-out-everywhere: 204.

// ---- Enquiries ----------------------------------------------------------

/** GET /enquiries?status=&mine=1&q=&after=: newest first, PAGE_SIZE at a time. */
export const INBOX_PAGE_SIZE = 50;
export const enquiryListQuerySchema = z.object({
  status: inboxStatusSchema.optional(),
  mine: z.literal('1').optional(),
  q: z.string().max(200).optional(),
  /** The `next` of the previous page. */
  after: z.string().max(200).optional(),
});
export type EnquiryListQuery = z.infer<typeof enquiryListQuerySchema>;

/** What a list row of an enquiry or a held one starts with. */
const listedSchema = z.object({
  id: z.string(),
  reference: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  createdAt: z.string(),
});

export const enquirySummarySchema = listedSchema.extend({
  locale: z.string(),
  status: inboxStatusSchema,
  assignee: staffSchema.nullable(),
  /** When the 24-hour promise runs out: createdAt + 24 h. */
  answerBy: z.string(),
});
export type EnquirySummary = z.infer<typeof enquirySummarySchema>;

export const enquiryListSchema = z.object({
  enquiries: z.array(enquirySummarySchema),
  total: z.number(),
  /** Pass as `after` for the next page; null on the last. */
  next: z.string().nullable(),
  /** Enquiries still New past their 24 hours, across the whole inbox. */
  overdue: z.number(),
  /** The operator's time zone (TZ_DISPLAY), for showing times. */
  timeZone: z.string(),
});
export type EnquiryList = z.infer<typeof enquiryListSchema>;

export const alertAttemptSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'webhook']),
  kind: z.enum(['enquiry', 'reminder', 'acknowledgement', 'reply', 'answer']),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
});

export const noteSchema = z.object({ id: z.string(), author: z.string(), text: z.string(), createdAt: z.string() });

/** One line of an enquiry's history: who did what, when (from the audit log). */
export const historyEntrySchema = z.object({
  at: z.string(),
  actor: z.string().nullable(),
  action: z.string(),
  detail: z.string().nullable(),
});

/**
 * Where a reply by e-mail stands, from its alert: `sending` (not tried yet, or
 * being tried), `sent`, `retrying` ("failed, will retry") or `failed` (refused
 * for good, or past the outbox's retries).
 */
export const DELIVERY_STATES = ['sending', 'sent', 'retrying', 'failed'] as const;

/** One message of an enquiry's thread, oldest first: the enquiry, its acknowledgement, each reply, answer and WhatsApp hand-off. */
export const threadEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['enquiry', 'acknowledgement', 'reply', 'answer', 'whatsapp']),
  at: z.string(),
  /** reply, whatsapp: the staff member; answer: the sender's address; null for the others. */
  by: z.string().nullable(),
  /** answer: true when it came from an address other than the enquiry's. */
  otherAddress: z.boolean(),
  text: z.string(),
  /** answer: the quoted history, folded away. */
  quoted: z.string().nullable(),
  attachments: z.array(z.object({ name: z.string(), size: z.number() })),
  /** reply, acknowledgement: where its sending stands; null for the others. */
  delivery: z.enum(DELIVERY_STATES).nullable(),
});
export type ThreadEntry = z.infer<typeof threadEntrySchema>;

/**
 * GET /enquiries/:reference/deliveries: where each reply by e-mail stands,
 * and the enquiry's status, for a page showing one that is being sent. No
 * personal data (so no audit entry): the page asks again while one is.
 */
export const deliveriesSchema = z.object({
  status: inboxStatusSchema,
  deliveries: z.array(z.object({ id: z.string(), delivery: z.enum(DELIVERY_STATES) })),
});
export type Deliveries = z.infer<typeof deliveriesSchema>;

/** A reply's text: long enough for any answer; at three bytes a character it fits the inbox's 32 KB body limit. */
export const REPLY_TEXT_MAX = 8_000;

/** GET /enquiries/:reference (the view is recorded in the audit log). */
export const enquiryDetailSchema = z.object({
  enquiry: enquirySummarySchema.extend({ phone: z.string(), service: z.string(), message: z.string() }),
  /** The composer's starting text, in the enquiry's language; null when replies by e-mail are not configured. */
  replyDraft: z.string().nullable(),
  thread: z.array(threadEntrySchema),
  alerts: z.array(alertAttemptSchema),
  notes: z.array(noteSchema),
  history: z.array(historyEntrySchema),
  /** Everyone it can be assigned to. */
  staff: z.array(staffSchema),
  timeZone: z.string(),
});
export type EnquiryDetail = z.infer<typeof enquiryDetailSchema>;

/** PATCH /enquiries/:reference: answered with the enquiry's detail as it is now. */
export const enquiryChangeSchema = z
  .object({ status: inboxStatusSchema.optional(), assigneeId: z.string().nullable().optional() })
  .refine((change) => change.status !== undefined || change.assigneeId !== undefined, 'Nothing to change.');

/** POST /enquiries/:reference/notes: answered with the enquiry's detail as it is now. */
export const noteRequestSchema = z.object({ text: z.string().trim().min(1).max(5000) });

/** POST /enquiries/:reference/replies: queues the reply (sent by the outbox); answered 201 with the enquiry's detail. */
export const replyRequestSchema = z.strictObject({
  // What the visitor's message refuses, for the same reasons: the reply is on record and exported, and a terminal or mail client obeys them.
  text: z
    .string()
    .trim()
    .min(1)
    .max(REPLY_TEXT_MAX)
    .refine((text) => !NOT_IN_THE_MESSAGE.test(text), 'The reply contains control characters (such as ESC); please remove them.'),
});
// POST /enquiries/:reference/whatsapp: records a hand-off to WhatsApp; answered 201 with the enquiry's detail.

// ---- Held for review ----------------------------------------------------

export const heldSummarySchema = listedSchema.extend({
  /** The message's first 200 characters. */
  excerpt: z.string(),
  /** Why it was held: one of HOLD_REASONS (contract/hold-reasons.ts). */
  reason: z.string(),
});
/** GET /held. */
export const heldListSchema = z.object({ held: z.array(heldSummarySchema), timeZone: z.string() });
export type HeldList = z.infer<typeof heldListSchema>;
// POST /held/:id/release ("Not spam"): 200 { reference } of the new enquiry, whose alerts go out then.
// POST /held/:id/delete: 204.

// ---- Personal-data requests ----------------------------------------------

/** GET /requests?email=: everything held about one address (the search is recorded). */
export const personalDataSchema = z.object({
  email: z.string(),
  enquiries: z.array(enquiryDetailSchema.shape.enquiry),
  held: z.array(heldSummarySchema),
  /** How many messages the enquiries' threads hold (replies, answers, hand-overs): exported and deleted with them. */
  messages: z.number(),
});
export type PersonalData = z.infer<typeof personalDataSchema>;
// GET /requests/export?email=&format=json|csv: the CLI's export of that address, as a download.

/** POST /requests/delete: deletes everything for that address; the password is asked again (wrong: 403 `{ error }`, as for the account's calls below). */
export const deleteRequestSchema = z.object({ email: z.string().min(1).max(320), password: z.string().max(1000) });
export const deletedSchema = z.object({ enquiries: z.number(), held: z.number() });

// ---- The signed-in person's account ------------------------------------

/** POST /account/password: 204; every other session of the user ends. */
export const passwordChangeSchema = z.object({ current: z.string().max(1000), next: z.string().max(1000) });
/** POST /account/recovery-codes: new codes (the old ones stop working), after the password. */
export const recoveryCodesRequestSchema = z.object({ password: z.string().max(1000) });
