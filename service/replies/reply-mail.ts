/**
 * What a staff reply by e-mail is made of, apart from its sending: the
 * composer's template and the footer in the enquiry's language, the subject,
 * the Message-ID and the Reply-To address. Only the service's words and the
 * enquiry's reference go into headers: nothing the visitor wrote.
 */
import { BRAND } from '../../contract/brand';
import { localisedPath } from '../../contract/locales';
import { enquiryReference } from '../../contract/reference';
import { ROUTE_PATHS } from '../../contract/routes';
import { translatorFor } from '../i18n';
import { type EnquiryRecord, localeOf } from '../records';
import { addressOf, domainOf } from './mail-address';

/** The subject of every reply, in every language (decisions.md): what a reader matches an answer's subject against. */
export function replySubject(enquiryId: string): string {
  return `Re: Your enquiry ${enquiryReference(enquiryId)}`;
}

/** The composer's starting text: the visitor's first name (body only), the reference and the staff member's name. */
export function replyTemplate(enquiry: Pick<EnquiryRecord, 'id' | 'locale' | 'firstName'>, staffName: string): string {
  const t = translatorFor(localeOf(enquiry));
  return t('service.reply.template', {
    firstName: enquiry.firstName,
    reference: enquiryReference(enquiry.id),
    staff: staffName,
    firm: BRAND.name,
  });
}

/** The lines every reply ends with: the reference and the check code, and where to check them. */
export function replyFooter(enquiry: Pick<EnquiryRecord, 'id' | 'locale'>, checkCode: string, siteUrl: string): string {
  const locale = localeOf(enquiry);
  const verifyUrl = `${siteUrl}${localisedPath(locale, ROUTE_PATHS.verify)}`;
  return translatorFor(locale)('service.reply.footer', { reference: enquiryReference(enquiry.id), code: checkCode, verifyUrl });
}

/** The text sent: the staff member's, then the footer after a signature separator. */
export function replyText(written: string, footer: string): string {
  return `${written.trim()}\n\n-- \n${footer}\n`;
}

/** One per reply, made from its record's id at the firm's domain (the sender's). */
export function replyMessageId(messageRecordId: string, from: string): string {
  return `<reply-${messageRecordId}@${domainOf(from)}>`;
}

/** The visitor's acknowledgement's: made from its alert's id (a copy sent twice is one message) at the acknowledgement sender's domain. */
export function acknowledgementMessageId(alertId: string, from: string): string {
  return `<acknowledgement-${alertId}@${domainOf(from)}>`;
}

const ACKNOWLEDGEMENT_ID = /^<acknowledgement-([0-9a-f-]{36})@/i;

/** The alert id an acknowledgement's Message-ID (acknowledgementMessageId) names, in lower case; null when it names none. */
export function acknowledgementAlertId(messageId: string): string | null {
  return ACKNOWLEDGEMENT_ID.exec(messageId)?.[1]?.toLowerCase() ?? null;
}

/** The token a reply's Reply-To carries: the enquiry's reference, in lower case as mail servers may fold it. */
export function replyToken(enquiryId: string): string {
  return enquiryReference(enquiryId).toLowerCase();
}

/**
 * Where the visitor's answer should go: the firm's mailbox with the token as
 * a plus-address (firm+tw-1a2b3c4d@example.com), or, with plus-addressing
 * off, the mailbox itself (the answer is then matched by its In-Reply-To).
 */
export function replyToAddress(from: string, enquiryId: string, plusAddressing: boolean): string {
  const address = addressOf(from);
  if (!plusAddressing) return address;
  const at = address.lastIndexOf('@');
  return `${address.slice(0, at)}+${replyToken(enquiryId)}${address.slice(at)}`;
}

/** The reference (TW-XXXXXXXX) a recipient address's plus-token names, or null when it carries none: for the mailbox reader. */
export function referenceOfAddress(address: string): string | null {
  return /\+(tw-[0-9a-f]{8})@/i.exec(address)?.[1]?.toUpperCase() ?? null;
}
