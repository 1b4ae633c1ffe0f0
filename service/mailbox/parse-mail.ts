/**
 * A message from the firm's mailbox as the thread keeps it: parsed with
 * mailparser, its quoted history folded away with email-reply-parser,
 * HTML-only mail as text, attachments named and sized (never kept). Every
 * field is the sender's text, untrusted: cut to a size, control characters
 * removed, never logged.
 */
import { createHash } from 'node:crypto';
import EmailReplyParser from 'email-reply-parser';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { NOT_IN_THE_MESSAGE } from '../../contract/contact';

/** The header section past which a message is not read: no mail client writes one this long, a flood or an attack does. */
export const MAX_HEADER_BYTES = 64 * 1024;
/** HTML-only mail longer than this is not turned into text (mailparser's cost grows with it). */
const MAX_HTML_CHARS = 5_000_000;
/** What the thread keeps of an answer's text and its folded history: a page or two is an answer, more is pasted. */
export const MAX_TEXT_CHARS = 100_000;
/** What is looked at of a body at all: room for the control characters taken out of MAX_TEXT_CHARS. */
const READ_TEXT_CHARS = 2 * MAX_TEXT_CHARS;
/**
 * email-reply-parser's patterns (e.g. `^(.*)[0-9]{4}(.*)from(.*)<(.*)>:$`) cost more than the square of a line's length,
 * on the main thread: text with a longer line, or longer in all, is shown whole rather than folded. No one types such a line.
 */
export const MAX_FOLDED_LINE_CHARS = 1_000;
export const MAX_FOLDED_CHARS = 64 * 1024;
const MAX_SUBJECT_CHARS = 500;
const MAX_NAME_CHARS = 200;
/** Attachments listed by name; the rest are summed up in one last entry (the thread's record stays small whatever the MIME). */
export const MAX_LISTED_ATTACHMENTS = 100;
/** In-Reply-To and References looked at: the newest of a long thread are the ones we wrote. */
const MAX_REFERENCES = 50;
/** Printable ASCII but the brackets (RFC 5322's msg-id): it goes back out in the References of the firm's replies. */
const MESSAGE_ID = /^<[\x21-\x3b\x3d\x3f-\x7e]{1,500}>$/;
/** What the contact form refuses in a visitor's message, the same class: removed from what a sender wrote. */
const CONTROL = new RegExp(NOT_IN_THE_MESSAGE.source, 'g');

/** A message that cannot be read: counted and, after its tries, skipped (reader.ts). */
export class UnreadableMailError extends Error {
  override name = 'UnreadableMailError';
}

/** What a message's header section says: enough to match it (match-enquiry.ts) without reading its body. */
export interface MailHeaders {
  messageId?: string;
  /** In-Reply-To, then References, newest first. */
  references: string[];
  /** The sender's bare address, lower case; '' when it has none. */
  from: string;
  /** Every address it was sent to (To, Cc, Delivered-To, X-Original-To): where a Reply-To token is found. */
  recipients: string[];
  subject: string;
  /** An out-of-office reply, a bounce, a list's mail: never joined as an answer, so that two robots cannot loop through the thread. */
  automatic: boolean;
}

export interface ParsedAnswer extends MailHeaders {
  /** Absent only for an answer too large to fetch (unread-answer.ts). */
  sha256?: string;
  text: string;
  quoted?: string;
  attachments: { name: string; size: number }[];
}

const clean = (text: string, max: number) => text.replace(CONTROL, '').slice(0, max);

function headerSectionBytes(raw: Buffer): number {
  const end = raw.indexOf('\r\n\r\n');
  const bareEnd = raw.indexOf('\n\n');
  const ends = [end, bareEnd].filter((at) => at >= 0);
  return ends.length > 0 ? Math.min(...ends) : raw.length;
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) => object.value.map((entry) => entry.address ?? ''));

function headerText(mail: ParsedMail, name: string): string {
  const value = mail.headers.get(name);
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.join(' ');
  return typeof value === 'object' && 'value' in value ? String(value.value) : String(value);
}

/** RFC 3834's Auto-Submitted, the older Precedence and X-Autoreply habits, a mailing list, a delivery report. */
function isAutomatic(mail: ParsedMail): boolean {
  const autoSubmitted = headerText(mail, 'auto-submitted').trim().toLowerCase();
  if (autoSubmitted !== '' && autoSubmitted !== 'no') return true;
  if (/^(bulk|junk|list|auto_reply)$/i.test(headerText(mail, 'precedence').trim())) return true;
  // mailparser gathers every List-* header (RFC 2369, 2919) under `list`: mail from a list, not a person's answer.
  if (mail.headers.has('x-autoreply') || mail.headers.has('x-autorespond') || mail.headers.has('list')) return true;
  return /^multipart\/report/i.test(headerText(mail, 'content-type'));
}

function referencesOf(mail: ParsedMail): string[] {
  const references = typeof mail.references === 'string' ? [mail.references] : (mail.references ?? []);
  const ids = [...(mail.inReplyTo ? mail.inReplyTo.split(/\s+/) : []), ...references.slice().reverse()];
  return [...new Set(ids.filter((id) => MESSAGE_ID.test(id)))].slice(0, MAX_REFERENCES);
}

const foldable = (body: string) =>
  body.length <= MAX_FOLDED_CHARS && body.split('\n').every((line) => line.length <= MAX_FOLDED_LINE_CHARS);

/** The visible answer and the history it quotes; a body too long to fold safely is kept whole (up to MAX_TEXT_CHARS). */
function fold(whole: string): { text: string; quoted?: string } {
  const body = whole.slice(0, READ_TEXT_CHARS).replace(/\r\n/g, '\n');
  if (!foldable(body)) return { text: clean(body.trim(), MAX_TEXT_CHARS) };
  const email = new EmailReplyParser().read(body);
  const text = email.getVisibleText().trim();
  const quoted = email.getQuotedText().trim();
  // A message that is all quote (a forward, a top line the parser took for a signature) keeps its words visible.
  if (text === '') return { text: clean(body.trim(), MAX_TEXT_CHARS) };
  return { text: clean(text, MAX_TEXT_CHARS), ...(quoted && { quoted: clean(quoted, MAX_TEXT_CHARS) }) };
}

async function parsed(raw: Buffer): Promise<ParsedMail> {
  if (headerSectionBytes(raw) > MAX_HEADER_BYTES) throw new UnreadableMailError('header section too long');
  try {
    return await simpleParser(raw, { maxHtmlLengthToParse: MAX_HTML_CHARS, skipTextToHtml: true, skipImageLinks: true });
  } catch (error) {
    throw new UnreadableMailError(error instanceof Error ? error.name : 'parse failed', { cause: error });
  }
}

function headersOf(mail: ParsedMail): MailHeaders {
  const messageId = mail.messageId && MESSAGE_ID.test(mail.messageId) ? mail.messageId : undefined;
  const recipients = [
    ...addressesOf(mail.to),
    ...addressesOf(mail.cc),
    ...['delivered-to', 'x-original-to', 'envelope-to'].map((name) => headerText(mail, name)),
  ]
    .map((address) => address.trim().toLowerCase())
    .filter(Boolean);
  return {
    ...(messageId && { messageId }),
    references: referencesOf(mail),
    from: clean(addressesOf(mail.from)[0] ?? '', MAX_NAME_CHARS).toLowerCase(),
    recipients,
    subject: clean(mail.subject ?? '', MAX_SUBJECT_CHARS),
    automatic: isAutomatic(mail),
  };
}

/** A header section alone (IMAP's BODY.PEEK[HEADER]): most of a mailbox is no answer, and its bodies need not be read. */
export async function parseHeaders(header: Buffer): Promise<MailHeaders> {
  return headersOf(await parsed(header));
}

export async function parseMail(raw: Buffer): Promise<ParsedAnswer> {
  const mail = await parsed(raw);
  return {
    ...headersOf(mail),
    sha256: createHash('sha256').update(raw).digest('hex'),
    ...fold(mail.text ?? ''),
    attachments: listed(mail.attachments),
  };
}

function listed(attachments: ParsedMail['attachments']): { name: string; size: number }[] {
  const named = attachments.slice(0, MAX_LISTED_ATTACHMENTS).map((attachment) => ({
    name: clean(attachment.filename ?? 'unnamed', MAX_NAME_CHARS),
    size: attachment.size,
  }));
  const rest = attachments.slice(MAX_LISTED_ATTACHMENTS);
  if (rest.length === 0) return named;
  return [...named, { name: `and ${rest.length} more`, size: rest.reduce((sum, attachment) => sum + attachment.size, 0) }];
}
