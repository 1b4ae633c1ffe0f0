/**
 * The request and the answer of /verify's check of a reply (see
 * ./reply-check-code.ts for the code itself), one zod schema each for the
 * page and the service.
 */
import { z } from 'zod';
import { LOCALE_CODES } from './locales';
import { REPLY_CHECK_FIELD_MAX } from './reply-check-code';

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
