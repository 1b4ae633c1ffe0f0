/**
 * The contact submission contract: the one schema that the page's form, the
 * service worker's outbox and the Koa service all validate with, plus the
 * names the three share (endpoint, header, answer shape).
 */
import { z } from 'zod';

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

// C0 controls and DEL. A single-line field has no business holding any of them;
// the message may keep tab, line feed and carriage return.
/* eslint-disable no-control-regex -- matching control characters is the point */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const CONTROL_CHARACTERS_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/* eslint-enable no-control-regex */
const PHONE_CHARACTERS = /^[0-9 +\-()]*$/;

// Characters that display as nothing: zero-width space and joiners (U+200B–U+200D), word
// joiner (U+2060), BOM (U+FEFF), and the other fillers Unicode lists as default-ignorable.
// trim() keeps most of them, so a field made only of them would pass as filled in.
const INVISIBLE_CHARACTERS = /\p{Default_Ignorable_Code_Point}/gu;

function isBlank(value: string): boolean {
  return value.replace(INVISIBLE_CHARACTERS, '').trim() === '';
}

function requiredLine(label: string, missing: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? missing : `${label} must be text`) })
    .trim()
    .refine((value) => !isBlank(value), missing)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), `${label} contains characters that are not allowed`);
}

function optionalLine(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), `${label} contains characters that are not allowed`)
    .default('');
}

export const contactSubmissionSchema = z.strictObject(
  {
    firstName: requiredLine('First name', 'Please enter your first name', CONTACT_LIMITS.name),
    lastName: requiredLine('Last name', 'Please enter your last name', CONTACT_LIMITS.name),
    email: requiredLine('Email address', 'Please enter your email address', CONTACT_LIMITS.email).pipe(
      z.email('Please enter a valid email address'),
    ),
    phone: optionalLine('WhatsApp number', CONTACT_LIMITS.phoneMax).refine(
      (value) =>
        value === '' || (value.length >= CONTACT_LIMITS.phoneMin && PHONE_CHARACTERS.test(value)),
      `Please enter a valid WhatsApp number: ${CONTACT_LIMITS.phoneMin} to ${CONTACT_LIMITS.phoneMax} digits, spaces or + - ( )`,
    ),
    service: optionalLine('Service', CONTACT_LIMITS.service),
    message: z
      .string({ error: (issue) => (issue.input === undefined ? 'Please enter your message' : 'Message must be text') })
      .trim()
      .refine((value) => !isBlank(value), 'Please enter your message')
      .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters`)
      .refine(
        (value) => !CONTROL_CHARACTERS_EXCEPT_WHITESPACE.test(value),
        'Message contains characters that are not allowed',
      ),
    /** Honeypot: hidden from people, filled in by bots. Never shown, never stored with enquiries. */
    website: optionalLine('Website', CONTACT_LIMITS.honeypot).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`
        : issue.code === 'invalid_type'
          ? 'The enquiry must be a JSON object'
          : undefined,
  },
);

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

/** The service's 201 answer. */
export const contactAnswerSchema = z.object({ id: z.string(), message: z.string() });
export type ContactAnswer = z.infer<typeof contactAnswerSchema>;

export const idempotencyKeySchema = z.uuid();

/** One sentence naming the first problem, for a 400 answer body. */
export function describeContactProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The enquiry is not valid.';
  return issue.message.endsWith('.') ? issue.message : `${issue.message}.`;
}

/** The sentence the service sends with its 201, which the page shows in 'Message Sent!'. */
export function thankYouMessage(firstName: string): string {
  return `Thank you, ${firstName}! We will contact you within 24 hours.`;
}

