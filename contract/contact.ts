/**
 * The contact submission contract: the one schema that the page's form, the
 * service worker's outbox and the Koa service all validate with, plus the
 * names the three share (endpoint, header, answer shape).
 */
import { z } from 'zod';
import type { MessageId, Translate } from './i18n';
import { LOCALE_CODES, type Locale } from './locales';
import { RESPONSE_HOURS } from './promises';

export { RESPONSE_HOURS };

// zod 4 compiles its parsers with `new Function` unless told not to; the site's
// CSP (script-src 'self') forbids that in the page and the worker, and jitless
// parsing gives the same results. Set here so every user of the schema gets it.
z.config({ jitless: true });

export const CONTACT_ENDPOINT = '/api/contact';
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  phoneMin: 7,
  phoneMax: 20,
  service: 100,
  message: 5000,
  honeypot: 200,
} as const;

// What a single-line field refuses. C0 and C1 controls and DEL: a header, a log or a
// terminal obeys some of them (U+0085 is a line break to some mail clients, U+009B opens
// a terminal escape). U+2028 and U+2029: line breaks too. The bidirectional controls
// (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069): they reorder what follows, so
// a name could show as another address or another line. `=?`: it opens a MIME encoded
// word, which mail clients decode in a Subject or Reply-To, line breaks included.
/* eslint-disable no-control-regex -- matching control characters is the point */
const NOT_IN_A_LINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|=\?/;
// What the message refuses: the same, less tab, line feed and carriage return (it keeps
// its lines), U+2028 and U+2029 (line breaks a visitor may paste, which the alert treats
// as such), and `=?` (the message never goes in a header). C1 and the bidirectional
// controls stay out: the site's languages never need them, and in the alert or the
// operator's terminal they could make the visitor's text pass for the alert's own.
export const NOT_IN_THE_MESSAGE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/* eslint-enable no-control-regex */
const PHONE_CHARACTERS = /^[0-9 +\-()]*$/;

// Characters that display as nothing: zero-width space and joiners (U+200B–U+200D), word
// joiner (U+2060), BOM (U+FEFF), and the other fillers Unicode lists as default-ignorable.
// trim() keeps most of them, so a field made only of them would pass as filled in.
const INVISIBLE_CHARACTERS = /\p{Default_Ignorable_Code_Point}/gu;

function isBlank(value: string): boolean {
  return value.replace(INVISIBLE_CHARACTERS, '').trim() === '';
}

/**
 * The schema's messages are catalogue keys (contract/messages/en.ts), not
 * sentences: the form and the service each put them in the visitor's
 * language (`describeContactIssue`), and the outbox only needs to know
 * whether an enquiry is valid.
 */
type FieldName = 'firstName' | 'lastName' | 'email' | 'phone' | 'service' | 'message' | 'website';

function requiredLine(missing: MessageId, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? missing : 'problem.notText') })
    .trim()
    .refine((value) => !isBlank(value), missing)
    .max(max, 'problem.tooLong' satisfies MessageId)
    .refine((value) => !NOT_IN_A_LINE.test(value), 'problem.forbiddenCharacters' satisfies MessageId);
}

function optionalLine(max: number) {
  return z
    .string({ error: 'problem.notText' satisfies MessageId })
    .trim()
    .max(max, 'problem.tooLong' satisfies MessageId)
    .refine((value) => !NOT_IN_A_LINE.test(value), 'problem.forbiddenCharacters' satisfies MessageId)
    .default('');
}

export const contactSubmissionSchema = z.strictObject(
  {
    firstName: requiredLine('field.firstName.missing', CONTACT_LIMITS.name),
    lastName: requiredLine('field.lastName.missing', CONTACT_LIMITS.name),
    email: requiredLine('field.email.missing', CONTACT_LIMITS.email).pipe(z.email('field.email.invalid' satisfies MessageId)),
    phone: optionalLine(CONTACT_LIMITS.phoneMax).refine(
      (value) => value === '' || (value.length >= CONTACT_LIMITS.phoneMin && PHONE_CHARACTERS.test(value)),
      'field.phone.invalid' satisfies MessageId,
    ),
    service: optionalLine(CONTACT_LIMITS.service),
    message: z
      .string({ error: (issue) => (issue.input === undefined ? 'field.message.missing' : 'problem.notText') })
      .trim()
      .refine((value) => !isBlank(value), 'field.message.missing' satisfies MessageId)
      .max(CONTACT_LIMITS.message, 'problem.tooLong' satisfies MessageId)
      .refine((value) => !NOT_IN_THE_MESSAGE.test(value), 'problem.forbiddenCharacters' satisfies MessageId),
    /** Honeypot: hidden from people, filled in by bots. Never shown, never stored with enquiries. */
    website: optionalLine(CONTACT_LIMITS.honeypot).optional(),
    /** The language of the page that sent the enquiry: the service answers in it, and the alert names it. */
    locale: z.enum(LOCALE_CODES as [Locale, ...Locale[]], 'problem.locale' satisfies MessageId).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? ('problem.unknownFields' satisfies MessageId)
        : issue.code === 'invalid_type'
          ? ('problem.notObject' satisfies MessageId)
          : undefined,
  },
);

const FIELD_LIMITS: Record<FieldName, number> = {
  firstName: CONTACT_LIMITS.name,
  lastName: CONTACT_LIMITS.name,
  email: CONTACT_LIMITS.email,
  phone: CONTACT_LIMITS.phoneMax,
  service: CONTACT_LIMITS.service,
  message: CONTACT_LIMITS.message,
  website: CONTACT_LIMITS.honeypot,
};

function isFieldName(value: unknown): value is FieldName {
  return typeof value === 'string' && Object.hasOwn(FIELD_LIMITS, value);
}

/** The part of a zod issue a message is made from (react-hook-form passes on only `message`). */
export interface ContactIssue {
  readonly message: string;
  readonly path?: readonly PropertyKey[];
  readonly keys?: readonly string[];
}

/** An issue of contactSubmissionSchema in the language of `t`, as the form shows it under its field. */
export function describeContactIssue(issue: ContactIssue, t: Translate, field?: string): string {
  const name = field ?? issue.path?.[0];
  const id = issue.message as MessageId;
  const values: Record<string, string | number> = {
    min: CONTACT_LIMITS.phoneMin,
    max: isFieldName(name) ? FIELD_LIMITS[name] : CONTACT_LIMITS.phoneMax,
    count: issue.keys?.length ?? 0,
  };
  if (isFieldName(name)) values.field = t(`field.${name}.name`);
  return t(id, values);
}

/** What the form holds and sends (before trimming and defaults). */
export type ContactSubmissionInput = z.input<typeof contactSubmissionSchema>;
/** What the service stores after validation. */
export type ContactSubmission = z.output<typeof contactSubmissionSchema>;

export const EMPTY_CONTACT_SUBMISSION = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  service: '',
  message: '',
  website: '',
} as const satisfies ContactSubmissionInput;

/**
 * The service's 201 answer. `message` carries the reference too; `reference`
 * is optional so that the delivery rule reads an answer without it (a service
 * from before references) as delivered all the same.
 */
export const contactAnswerSchema = z.object({ id: z.string(), reference: z.string().optional(), message: z.string() });
export type ContactAnswer = z.infer<typeof contactAnswerSchema>;

/** Random (version 4) only: the service names a form post's key itself, as version 8, out of every client's reach. */
export const idempotencyKeySchema = z.uuidv4();

/** One sentence naming the first problem, for a 400 answer body. */
export function describeContactProblem(error: z.ZodError, t: Translate): string {
  const issue = error.issues[0];
  if (!issue) return t('problem.invalid');
  const sentence = describeContactIssue(issue, t);
  return /[.。!?！？]$/.test(sentence) ? sentence : `${sentence}${t('problem.end')}`;
}

/** The sentence the service sends with its 201, which the page shows in 'Message Sent!': the thank-you and the reference. */
export function thankYouMessage(firstName: string, reference: string, t: Translate): string {
  return t('service.withReference', { thanks: t('service.thankYou', { firstName, hours: RESPONSE_HOURS }), reference });
}
