/**
 * Checking that a reply is the firm's (/verify): each staff reply ends with
 * its enquiry's reference and a short check code, and the visitor types both
 * into the page, which asks the service. What the page (with and without
 * JavaScript) and the service agree on: the endpoint, how a typed code is
 * read, the request and the answer.
 *
 * The code is 8 characters of Crockford's base32 (no I, L, O or U, so nothing
 * reads as another character), shown as XXXX-XXXX to be read aloud. A typed
 * one is read forgivingly: any case, spaces and dashes anywhere, and the
 * letters O, I and L taken for the digits they look like.
 */
import { z } from 'zod';
import { LOCALE_CODES } from './locales';

export const REPLY_CHECK_ENDPOINT = '/api/verify';

/** Crockford's base32: digits and upper-case letters without I, L, O and U. */
export const CHECK_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CHECK_CODE_LENGTH = 8;
/** The code is shown in groups of this many characters, joined by a dash. */
const GROUP_LENGTH = 4;
/** Longer than anything a visitor would type in either field; anything longer is refused unread. */
export const REPLY_CHECK_FIELD_MAX = 64;

const LOOK_ALIKES: Readonly<Record<string, string>> = { O: '0', I: '1', L: '1' };

/** The code as shown: XXXX-XXXX. */
export function formatCheckCode(characters: string): string {
  return `${characters.slice(0, GROUP_LENGTH)}-${characters.slice(GROUP_LENGTH)}`;
}

/** A typed code in its shown form (XXXX-XXXX), or null when it cannot be one of ours. */
export function normaliseCheckCode(typed: string): string | null {
  const characters = [...typed.toUpperCase().replace(/[\s-]/g, '')].map((character) => LOOK_ALIKES[character] ?? character).join('');
  if (characters.length !== CHECK_CODE_LENGTH || [...characters].some((character) => !CHECK_CODE_ALPHABET.includes(character))) {
    return null;
  }
  return formatCheckCode(characters);
}

const typedField = z
  .string({ error: 'verifyReply.missing' })
  .trim()
  .min(1, { error: 'verifyReply.missing' })
  .max(REPLY_CHECK_FIELD_MAX, { error: 'verifyReply.missing' });

/** What the page sends (JSON, or the form without JavaScript): the two as typed, and the page's language. */
export const replyCheckRequestSchema = z.strictObject({
  reference: typedField,
  code: typedField,
  locale: z.enum(LOCALE_CODES).optional(),
});
export type ReplyCheckRequest = z.infer<typeof replyCheckRequestSchema>;

/**
 * The answer: genuine or not, and the sentence to show in the request's
 * language. A genuine reply's day (in the firm's time zone, YYYY-MM-DD) is
 * all it tells: nothing of the enquiry or the person.
 */
export const replyCheckAnswerSchema = z.discriminatedUnion('genuine', [
  z.strictObject({ genuine: z.literal(true), sentOn: z.iso.date(), message: z.string() }),
  z.strictObject({ genuine: z.literal(false), message: z.string() }),
]);
export type ReplyCheckAnswer = z.infer<typeof replyCheckAnswerSchema>;
