/**
 * What an alert says about an enquiry: the e-mail's subject and bodies, and
 * the webhook's JSON. Every field of the enquiry, the language the visitor
 * wrote in (so that the answer can be in it too), its id and its time in the
 * firm's time zone. The alert itself is in English, the firm's language.
 */
import escapeHtml from 'escape-html';
import { RESPONSE_HOURS } from '../../contract/promises';
import { LOCALES, type Locale } from '../../contract/locales';
import { enquiryReference } from '../../contract/reference';
import { type EnquiryRecord, localeOf, statusOf } from '../records';

/** The enquiry as the webhook and the e-mail show it: no internal bookkeeping (key, fingerprint). */
export function publicEnquiry(enquiry: EnquiryRecord) {
  const { id, firstName, lastName, email, phone, service, message, createdAt } = enquiry;
  return { id, firstName, lastName, email, phone, service, message, locale: localeOf(enquiry), createdAt };
}

/** "Bahasa Malaysia (ms)": the language's own name, and its code. */
export function languageLabel(locale: Locale): string {
  return `${LOCALES[locale].name} (${locale})`;
}

/** Only from fields the contract checked: no line break, direction control or encoded word can be in them. */
export function alertSubject(enquiry: EnquiryRecord): string {
  return `New enquiry ${enquiryReference(enquiry.id)} from ${enquiry.firstName} ${enquiry.lastName}`;
}

/** "Monday 23 November 2026 at 17:45 (Asia/Kuala_Lumpur)". */
export function displayTime(iso: string, timeZone: string): string {
  const formatted = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(iso));
  return `${formatted} (${timeZone})`;
}

function fieldsOf(enquiry: EnquiryRecord, timeZone: string): [string, string][] {
  return [
    ['Name', `${enquiry.firstName} ${enquiry.lastName}`],
    // Anyone can type anyone's address: the operator should not take it as proof of who wrote.
    ['E-mail', `${enquiry.email} (as typed by the visitor, unverified)`],
    ['WhatsApp', enquiry.phone || '-'],
    ['Service', enquiry.service || '-'],
    ['Language', languageLabel(localeOf(enquiry))],
    ['Received', displayTime(enquiry.createdAt, timeZone)],
    ['Reference', enquiryReference(enquiry.id)],
    ['Enquiry id', enquiry.id],
  ];
}

const MESSAGE_PREFIX = '> ';
const MESSAGE_END = '----- end of the visitor\u2019s message -----';
/** Every line break the message may hold (the contract lets it keep U+2028 and U+2029, which some clients break lines at). */
const LINE_BREAKS = /\r\n|[\n\r\u2028\u2029]/;

/**
 * The visitor's message between two markers, each of its lines prefixed: no
 * line of it can read as the alert's own, the end marker included.
 */
function messageBlock(message: string): string[] {
  const lines = message.split(LINE_BREAKS).map((line) => (line === '' ? MESSAGE_PREFIX.trimEnd() : `${MESSAGE_PREFIX}${line}`));
  return [`----- the visitor\u2019s message, as typed (each line starts with "${MESSAGE_PREFIX}") -----`, ...lines, MESSAGE_END];
}

export function alertText(enquiry: EnquiryRecord, timeZone: string): string {
  const fields = fieldsOf(enquiry, timeZone).map(([label, value]) => `${`${label}:`.padEnd(12)}${value}`);
  return [
    'A new enquiry came in through the website.',
    '',
    ...fields,
    '',
    ...messageBlock(enquiry.message),
    '',
    `Reply to this e-mail to answer ${enquiry.firstName} directly. The site promises a response within ${RESPONSE_HOURS} hours.`,
    '',
  ].join('\n');
}

export function alertHtml(enquiry: EnquiryRecord, timeZone: string): string {
  const rows = fieldsOf(enquiry, timeZone)
    .map(([label, value]) => `<tr><th align="left" style="padding:2px 12px 2px 0">${label}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  return [
    '<!doctype html><html><body style="font-family:sans-serif">',
    '<p>A new enquiry came in through the website.</p>',
    `<table>${rows}</table>`,
    '<p><strong>The visitor\u2019s message, as typed</strong></p>',
    `<blockquote style="margin:0 0 1em;padding:8px 12px;border:1px solid #999;border-left:4px solid #666;white-space:pre-wrap">${escapeHtml(enquiry.message)}</blockquote>`,
    `<p>Reply to this e-mail to answer ${escapeHtml(enquiry.firstName)} directly. The site promises a response within ${RESPONSE_HOURS} hours.</p>`,
    '</body></html>',
  ].join('');
}

const HOUR_MS = 60 * 60 * 1000;

/** When the site's promise to answer the enquiry runs out. */
export function answerBy(enquiry: Pick<EnquiryRecord, 'createdAt'>): Date {
  return new Date(Date.parse(enquiry.createdAt) + RESPONSE_HOURS * HOUR_MS);
}

/** "3 hours 20 minutes left" or "2 hours overdue", to the minute. */
export function timeLeft(enquiry: Pick<EnquiryRecord, 'createdAt'>, now: Date): string {
  const ms = answerBy(enquiry).getTime() - now.getTime();
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const hours = Math.floor(minutes / 60);
  const parts = [hours > 0 && `${hours} ${hours === 1 ? 'hour' : 'hours'}`, minutes % 60 > 0 && `${minutes % 60} min`].filter(Boolean);
  const span = parts.length > 0 ? parts.join(' ') : 'less than a minute';
  return ms >= 0 ? `${span} left` : `${span} overdue`;
}

/** The reminder for an enquiry still New: its reference and how long is left, nothing of what the visitor wrote but the name. */
export function reminderSubject(enquiry: EnquiryRecord, now: Date): string {
  if (statusOf(enquiry) === 'new-reply') return answerReminderSubject(enquiry);
  return `Reminder: ${enquiryReference(enquiry.id)} from ${enquiry.firstName} ${enquiry.lastName} is still New, ${timeLeft(enquiry, now)}`;
}

export function reminderText(enquiry: EnquiryRecord, timeZone: string, now: Date): string {
  if (statusOf(enquiry) === 'new-reply') return answerReminderText(enquiry);
  return [
    `The enquiry ${enquiryReference(enquiry.id)} from ${enquiry.firstName} ${enquiry.lastName} is still New.`,
    '',
    `Received:   ${displayTime(enquiry.createdAt, timeZone)}`,
    `Answer by:  ${displayTime(answerBy(enquiry).toISOString(), timeZone)} (${timeLeft(enquiry, now)})`,
    '',
    `The site promises a response within ${RESPONSE_HOURS} hours. Open it in the inbox (/inbox), answer, and mark it Replied.`,
    '',
  ].join('\n');
}

export function reminderHtml(enquiry: EnquiryRecord, timeZone: string, now: Date): string {
  return `<!doctype html><html><body style="font-family:sans-serif"><pre style="font-family:inherit">${escapeHtml(reminderText(enquiry, timeZone, now))}</pre></body></html>`;
}

/**
 * An operator alert's HTML (alerts/operator-alerts.ts): its text, escaped, in
 * the reader's font, long lines wrapped, so that the daily digest's quoted
 * first lines read on a phone as its own HTML list did.
 */
export function operatorAlertHtml(text: string): string {
  return `<!doctype html><html><body style="font-family:sans-serif"><pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(text)}</pre></body></html>`;
}

/** The reminder of a visitor's answer still New reply (mailbox/answer-reminders.ts). */
function answerReminderSubject(enquiry: EnquiryRecord): string {
  return `Reminder: the reply on ${enquiryReference(enquiry.id)} from ${enquiry.firstName} ${enquiry.lastName} is still unanswered`;
}

function answerReminderText(enquiry: EnquiryRecord): string {
  return [
    `${enquiry.firstName} ${enquiry.lastName} answered by e-mail about the enquiry ${enquiryReference(enquiry.id)}, and it is still New reply.`,
    '',
    'Open it in the inbox (/inbox), where the answer is in its thread, and reply.',
    '',
  ].join('\n');
}

const FROM_ANOTHER_ADDRESS = '(from another address)';

/**
 * The staff alert for a visitor's answer (service/mailbox/): its reference and the name, nothing of what they wrote.
 * `otherAddress`: it came from another address than the enquiry's, so it may not be the visitor's (it is marked so).
 */
export function answerSubject(enquiry: EnquiryRecord, otherAddress = false): string {
  return `Reply on ${enquiryReference(enquiry.id)} from ${enquiry.firstName} ${enquiry.lastName}${otherAddress ? ` ${FROM_ANOTHER_ADDRESS}` : ''}`;
}

export function answerText(enquiry: EnquiryRecord, timeZone: string, answeredAt: string, otherAddress = false): string {
  return [
    otherAddress
      ? `An answer about the enquiry ${enquiryReference(enquiry.id)} of ${enquiry.firstName} ${enquiry.lastName} came by e-mail ${FROM_ANOTHER_ADDRESS}: check who wrote it before you reply.`
      : `${enquiry.firstName} ${enquiry.lastName} answered by e-mail about the enquiry ${enquiryReference(enquiry.id)}.`,
    '',
    `Answered:   ${displayTime(answeredAt, timeZone)}`,
    `Enquiry:    ${displayTime(enquiry.createdAt, timeZone)}`,
    '',
    'The answer is in the enquiry\u2019s thread in the inbox (/inbox), where it is marked New reply.',
    '',
  ].join('\n');
}

export function answerHtml(enquiry: EnquiryRecord, timeZone: string, answeredAt: string, otherAddress = false): string {
  return operatorAlertHtml(answerText(enquiry, timeZone, answeredAt, otherAddress));
}

export type WebhookEvent = 'enquiry.created' | 'enquiry.reminder' | 'enquiry.answer' | 'alert.test';

export function webhookPayload(event: WebhookEvent, deliveryId: string, enquiry: EnquiryRecord) {
  const payload = { event, deliveryId, enquiry: publicEnquiry(enquiry) };
  return event === 'enquiry.reminder' ? { ...payload, answerBy: answerBy(enquiry).toISOString() } : payload;
}
