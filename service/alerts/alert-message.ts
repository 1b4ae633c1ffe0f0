/**
 * What an alert says about an enquiry: the e-mail's subject and bodies, and
 * the webhook's JSON. Every field of the enquiry, the language the visitor
 * wrote in (so that the answer can be in it too), its id and its time in the
 * firm's time zone. The alert itself is in English, the firm's language.
 */
import { RESPONSE_HOURS } from '../../contract/promises';
import { LOCALES, type Locale } from '../../contract/locales';
import { type EnquiryRecord, localeOf } from '../records';

/** The enquiry as the webhook and the e-mail show it: no internal bookkeeping (key, fingerprint). */
export function publicEnquiry(enquiry: EnquiryRecord) {
  const { id, firstName, lastName, email, phone, service, message, createdAt } = enquiry;
  return { id, firstName, lastName, email, phone, service, message, locale: localeOf(enquiry), createdAt };
}

/** "Bahasa Malaysia (ms)": the language's own name, and its code. */
export function languageLabel(locale: Locale): string {
  return `${LOCALES[locale].name} (${locale})`;
}

export function alertSubject(enquiry: EnquiryRecord): string {
  return `New enquiry from ${enquiry.firstName} ${enquiry.lastName}`;
}

/** "Monday 23 November 2026 at 17:45 (Asia/Kuala_Lumpur)". */
export function displayTime(iso: string, timeZone: string): string {
  const formatted = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(iso));
  return `${formatted} (${timeZone})`;
}

function fieldsOf(enquiry: EnquiryRecord, timeZone: string): [string, string][] {
  return [
    ['Name', `${enquiry.firstName} ${enquiry.lastName}`],
    ['E-mail', enquiry.email],
    ['WhatsApp', enquiry.phone || '-'],
    ['Service', enquiry.service || '-'],
    ['Language', languageLabel(localeOf(enquiry))],
    ['Received', displayTime(enquiry.createdAt, timeZone)],
    ['Enquiry id', enquiry.id],
  ];
}

export function alertText(enquiry: EnquiryRecord, timeZone: string): string {
  const fields = fieldsOf(enquiry, timeZone).map(([label, value]) => `${`${label}:`.padEnd(12)}${value}`);
  return [
    'A new enquiry came in through the website.',
    '',
    ...fields,
    '',
    'Message:',
    enquiry.message,
    '',
    `Reply to this e-mail to answer ${enquiry.firstName} directly. The site promises a response within ${RESPONSE_HOURS} hours.`,
    '',
  ].join('\n');
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);

export function alertHtml(enquiry: EnquiryRecord, timeZone: string): string {
  const rows = fieldsOf(enquiry, timeZone)
    .map(([label, value]) => `<tr><th align="left" style="padding:2px 12px 2px 0">${label}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  return [
    '<!doctype html><html><body style="font-family:sans-serif">',
    '<p>A new enquiry came in through the website.</p>',
    `<table>${rows}</table>`,
    `<p><strong>Message</strong></p><p style="white-space:pre-wrap">${escapeHtml(enquiry.message)}</p>`,
    `<p>Reply to this e-mail to answer ${escapeHtml(enquiry.firstName)} directly. The site promises a response within ${RESPONSE_HOURS} hours.</p>`,
    '</body></html>',
  ].join('');
}

export type WebhookEvent = 'enquiry.created' | 'alert.test';

export function webhookPayload(event: WebhookEvent, deliveryId: string, enquiry: EnquiryRecord) {
  return { event, deliveryId, enquiry: publicEnquiry(enquiry) };
}
