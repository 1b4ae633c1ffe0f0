/**
 * The records every store keeps, whichever backend holds them: their shapes
 * (zod schemas, which the file store checks its files against) and types.
 */
import { z } from 'zod';
import { HOLD_REASONS, type HoldReason } from '../contract/hold-reasons';
import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '../contract/locales';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** How far the firm has answered an enquiry (shown as New, New reply, Replied, Closed); `new-reply`: the visitor answered (service/mailbox/). */
export const ENQUIRY_STATUSES = ['new', 'new-reply', 'replied', 'closed'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const enquiryRecordSchema = z.strictObject({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  service: z.string(),
  message: z.string(),
  /** The language the visitor wrote in and was answered in. Absent on records stored before the site had languages: English. */
  locale: z.enum(LOCALE_CODES as [Locale, ...Locale[]]).optional(),
  createdAt: z.iso.datetime(),
  /** The submission's Idempotency-Key, or null when the request had none. */
  idempotencyKey: z.uuid().nullable(),
  /** SHA-256 of the submitted fields: a replay with the same key must carry the same enquiry. */
  fingerprint: z.string().regex(SHA256_HEX),
  /** Absent until someone changes it: New. */
  status: z.enum(ENQUIRY_STATUSES).optional(),
  /** The user it is assigned to; absent or null for nobody. */
  assigneeId: z.uuid().nullable().optional(),
});

/**
 * An enquiry held for review: kept apart from enquiries, with why. Records
 * stored when honeypot catches were still kept have the field that gave them
 * away and no reason.
 */
export const spamRecordSchema = enquiryRecordSchema.extend({
  website: z.string().optional(),
  /** Absent: `honeypot`. */
  reason: z.enum(HOLD_REASONS).optional(),
});

/** The spec's User entity: one of the firm's staff, who signs in to the inbox. */
export const userRecordSchema = z.strictObject({
  id: z.uuid(),
  username: z.string().min(1),
  /** argon2id, in its PHC string form ($argon2id$v=19$...): the password exists only as this salted hash. */
  passwordHash: z.string().startsWith('$argon2id$'),
  createdAt: z.iso.datetime(),
  /** The confirmed TOTP key (base32); null until the user has enrolled at their first sign-in. */
  totpSecret: z.string().nullable(),
  /** The last TOTP time step accepted: a code is taken once, never replayed within its 30 s. */
  totpLastStep: z.number().int().nullable(),
  /** SHA-256 (hex) of each recovery code not used yet. */
  recoveryCodeHashes: z.array(z.string().regex(SHA256_HEX)),
  /**
   * SHA-256 (hex) of the one-time enrolment code `users add` and `users reset`
   * print, until the user enrols; absent on a user made before enrolment codes.
   */
  enrolmentCodeHash: z.string().regex(SHA256_HEX).nullable().optional(),
  /** When that code, and an enrolment not finished with it, expires. */
  enrolmentExpiresAt: z.iso.datetime().nullable().optional(),
});

/**
 * A signed-in (or half signed-in) staff session. The cookie holds a random
 * token; the store keeps only its SHA-256, so a copy of the store signs no one in.
 */
export const sessionRecordSchema = z.strictObject({
  /** SHA-256 (hex) of the cookie's token. */
  id: z.string().regex(SHA256_HEX),
  userId: z.uuid(),
  /** `enrol`: the password was right and the user has no second factor yet; `signed-in`: both factors given. */
  stage: z.enum(['enrol', 'signed-in']),
  /** The TOTP key shown during enrolment, until a code confirms it. */
  pendingTotpSecret: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
});

/** An internal note on an enquiry, by one of the staff. */
export const noteRecordSchema = z.strictObject({
  id: z.uuid(),
  enquiryId: z.uuid(),
  userId: z.uuid(),
  text: z.string().min(1),
  createdAt: z.iso.datetime(),
});

/** `reply`: staff's e-mail out; `answer`: the visitor's mail in; `whatsapp`: a hand-off to WhatsApp. */
export const MESSAGE_KINDS = ['reply', 'answer', 'whatsapp'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** One message of an enquiry's thread, after the enquiry itself and its acknowledgement. */
export const messageRecordSchema = z.strictObject({
  id: z.uuid(),
  enquiryId: z.uuid(),
  kind: z.enum(MESSAGE_KINDS),
  createdAt: z.iso.datetime(),
  /** reply, whatsapp: the staff member, as they were named then. */
  userId: z.string().optional(),
  userName: z.string().optional(),
  /** reply, answer: the RFC 5322 Message-ID with its angle brackets. */
  messageId: z.string().optional(),
  /** answer: the sender's address; true when it is not the enquiry's. */
  from: z.string().optional(),
  otherAddress: z.boolean().optional(),
  subject: z.string().optional(),
  /** reply: the text sent; answer: the visible text, the quoted history folded away. */
  text: z.string(),
  /** answer: the quoted history. */
  quoted: z.string().optional(),
  /** answer: its attachments, listed, not stored. */
  attachments: z.array(z.strictObject({ name: z.string(), size: z.number().int().nonnegative() })).optional(),
  /** SHA-256 (hex) of the raw message's bytes, as sent or as received. */
  sha256: z.string().regex(SHA256_HEX).optional(),
  /** reply: the check code /verify takes with the reference. */
  checkCode: z.string().optional(),
});

/** What the audit log records: every access to personal data and every change, never the data itself. */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'sign-out-everywhere',
  'enrol',
  'list',
  'search',
  'view',
  'status',
  'assignee',
  'note',
  /** A reply queued by staff; `reply-sent`: sent, with the SHA-256 of its bytes; `whatsapp`: a hand-off to WhatsApp. */
  'reply',
  'reply-sent',
  'whatsapp',
  // A visitor's answer read back from the firm's mailbox (service/mailbox/); the detail is its SHA-256.
  'answer',
  'release',
  'held-delete',
  'find',
  'export',
  'delete',
  'retention-delete',
  'password',
  'recovery-codes',
  'user-add',
  'user-remove',
  'user-reset',
  'audit-key',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * One entry of the append-only audit log. `hash` is HMAC-SHA-256 under
 * AUDIT_KEY (plain SHA-256 before the deployment had one) over the previous
 * entry's hash and this entry's other fields (see service/audit-chain.ts), so
 * changing or removing an entry breaks every hash after it.
 */
export const auditRecordSchema = z.strictObject({
  /** 1, 2, 3...: the entry's place in the chain. */
  seq: z.number().int().positive(),
  at: z.iso.datetime(),
  /** The staff username, or null for the service itself (retention) or an unknown username. */
  actor: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  /** The enquiry's reference (TW-XXXXXXXX) when the action concerns one. */
  reference: z.string().nullable(),
  /** What changed, without personal data: "new → replied", "3 enquiries", "csv". */
  detail: z.string().nullable(),
  prevHash: z.string().regex(SHA256_HEX),
  hash: z.string().regex(SHA256_HEX),
});

export const ALERT_CHANNELS = ['email', 'webhook'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
export const ALERT_STATUSES = ['pending', 'sent', 'failed'] as const;
/**
 * `enquiry`: a new enquiry came; `reminder`: one is still New RESPONSE_REMINDER_HOURS after it came;
 * `acknowledgement`: the e-mail to the visitor that says it came (on the `email` channel, to the enquiry's address);
 * `reply`: a staff member's reply to the visitor (on the `email` channel), whose message record has the alert's id;
 * `answer`: the visitor answered a reply by e-mail (service/mailbox/).
 */
export const ALERT_KINDS = ['enquiry', 'reminder', 'acknowledgement', 'reply', 'answer'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * One operator alert for one enquiry on one channel. It holds no personal
 * data: the sender reads the enquiry when it sends, so deleting an enquiry
 * leaves nothing of the visitor here.
 */
export const alertRecordSchema = z.strictObject({
  /** Also the webhook's delivery id, so a receiver can drop a copy sent twice. */
  id: z.uuid(),
  enquiryId: z.uuid(),
  channel: z.enum(ALERT_CHANNELS),
  /** Absent: `enquiry`. */
  kind: z.enum(ALERT_KINDS).optional(),
  status: z.enum(ALERT_STATUSES),
  createdAt: z.iso.datetime(),
  attempts: z.number().int().nonnegative(),
  /** When a pending alert is tried next; null once it is sent or failed. */
  nextAttemptAt: z.iso.datetime().nullable(),
  lastAttemptAt: z.iso.datetime().nullable(),
  /** What the mail server or webhook said the last time it did not take the alert. */
  lastError: z.string().nullable(),
  sentAt: z.iso.datetime().nullable(),
});

/**
 * An alert to the operator that concerns no enquiry (the held queue filling
 * up, posts refused, the daily digest): its words are stored with it, the
 * service's own but for the digest's quotes (alerts/operator-alerts.ts).
 * `key` says which notice it is (`held-80pct-2026-11-28T22`): one key is
 * queued once per channel however many instances try.
 */
export const operatorAlertRecordSchema = alertRecordSchema.omit({ enquiryId: true, kind: true }).extend({
  key: z.string().min(1),
  /** The webhook's `event`: `held.nearly-full`. */
  event: z.string().min(1),
  subject: z.string().min(1),
  text: z.string(),
});
export type OperatorAlertRecord = z.infer<typeof operatorAlertRecordSchema>;

/**
 * What a store counts per UTC day instead of storing (COUNTED_REASONS), the
 * posts refused because the held queue or their client had no room
 * (`held-refused`), and the
 * acknowledgements not sent (`acknowledgement-*`), and the inbox's failed
 * sign-ins with a username nobody has (`sign-in-unknown-user`) or refused
 * unchecked past the password-check budget (`sign-in-unchecked`).
 * `held-dropped` and NOTICE_CLAIMS are only read: stores before the fourth
 * release dropped the oldest held records past the cap, and claimed the
 * once-a-day notices as tallies (now operator alerts keyed by day).
 */
export const COUNTED_REASONS = ['honeypot', 'challenge-refused'] as const;
export type CountedReason = (typeof COUNTED_REASONS)[number];
export const TALLY_NAMES = [
  ...COUNTED_REASONS,
  'held-dropped',
  'held-refused',
  'digest-sent',
  'ceiling-alerted',
  // Acknowledgements not sent, by the limit that stopped each (alerts/acknowledgement-limits.ts).
  'acknowledgement-mailbox',
  'acknowledgement-client',
  'acknowledgement-day',
  'sign-in-unknown-user',
  'sign-in-unchecked',
] as const;
export type TallyName = (typeof TALLY_NAMES)[number];
/** The tallies older stores claimed once-a-day notices with, not counts of anything that came: left out of counts until retention removes them. */
export const NOTICE_CLAIMS: readonly TallyName[] = ['digest-sent', 'ceiling-alerted'];
export const isNoticeClaim = (name: TallyName) => NOTICE_CLAIMS.includes(name);
/** At most this many examples per day and name, each at most EXAMPLE_CHARS long: enough for a person to check. */
export const TALLY_EXAMPLES = 5;
export const EXAMPLE_CHARS = 200;

export const tallyRecordSchema = z.strictObject({
  /** `<day>/<name>`. */
  id: z.string(),
  /** The UTC day, YYYY-MM-DD. */
  day: z.iso.date(),
  name: z.enum(TALLY_NAMES),
  count: z.number().int().nonnegative(),
  examples: z.array(z.string().max(EXAMPLE_CHARS)).max(TALLY_EXAMPLES),
});

export type EnquiryRecord = z.infer<typeof enquiryRecordSchema>;
export type SpamRecord = z.infer<typeof spamRecordSchema>;
export type UserRecord = z.infer<typeof userRecordSchema>;
export type AlertRecord = z.infer<typeof alertRecordSchema>;
export type SessionRecord = z.infer<typeof sessionRecordSchema>;
export type NoteRecord = z.infer<typeof noteRecordSchema>;
export type MessageRecord = z.infer<typeof messageRecordSchema>;
export type AuditRecord = z.infer<typeof auditRecordSchema>;
export type TallyRecord = z.infer<typeof tallyRecordSchema>;
/** What the service hands the store to append; the store numbers and chains it. */
export type NewAuditEntry = Omit<AuditRecord, 'seq' | 'prevHash' | 'hash'>;

export function statusOf(record: Pick<EnquiryRecord, 'status'>): EnquiryStatus {
  return record.status ?? 'new';
}

/** An enquiry's language; a record from before the site had languages is English. */
export function localeOf(record: Pick<EnquiryRecord, 'locale'>): Locale {
  return record.locale ?? DEFAULT_LOCALE;
}

/** Why a record is held; one stored before reasons were is a honeypot catch. */
export function reasonOf(record: Pick<SpamRecord, 'reason'>): HoldReason {
  return record.reason ?? 'honeypot';
}

/** The UTC day of a time, YYYY-MM-DD: what tallies and the daily ceiling count by. */
export function utcDay(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/**
 * Where the reader of the firm's mailbox is (service/mailbox/cursor.ts), one
 * record per mailbox, keyed by its user, host, port and folder (never its
 * password): what a restart resumes from, what it gave up on, and whose turn
 * it is to read.
 */
export const mailboxCursorRecordSchema = z.strictObject({
  id: z.string().min(1),
  /** The folder's UIDVALIDITY (decimal): a new one means its UIDs start again. Null before the first read. */
  uidValidity: z.string().regex(/^\d+$/).nullable(),
  /** The last UID done with: stored, passed over, or given up on. */
  lastUid: z.number().int().nonnegative(),
  /** The instance whose turn it is to read, until heldUntil; null: nobody's. */
  holder: z.string().nullable(),
  heldUntil: z.iso.datetime().nullable(),
  /** Messages given up on: unreadable after their tries, or too large. */
  skipped: z.number().int().nonnegative(),
  /** A message that failed to be read and is tried again, and its tries so far. */
  failingUid: z.number().int().positive().nullable(),
  failedTries: z.number().int().nonnegative(),
  updatedAt: z.iso.datetime(),
});
export type MailboxCursorRecord = z.infer<typeof mailboxCursorRecordSchema>;
