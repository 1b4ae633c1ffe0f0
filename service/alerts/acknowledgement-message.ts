/**
 * The e-mail that acknowledges an enquiry to the visitor, in the language of
 * the page they wrote from: the enquiry's reference, when to expect a reply,
 * the firm's only official channels, what it never does, and where to check
 * its licence. Nothing the visitor typed is in it, not even the name: someone
 * who types another person's address into the form can make the firm send
 * them this and nothing else, at most once a day.
 */
import escapeHtml from 'escape-html';
import { BRAND } from '../../contract/brand';
import { LOCALES, localisedPath } from '../../contract/locales';
import { RESPONSE_HOURS } from '../../contract/promises';
import { enquiryReference } from '../../contract/reference';
import { ROUTE_PATHS } from '../../contract/routes';
import { translatorFor } from '../i18n';
import { type EnquiryRecord, localeOf } from '../records';

export interface AcknowledgementMail {
  subject: string;
  text: string;
  html: string;
  /** The Content-Language header's value. */
  language: string;
}

interface Item {
  label: string;
  /** What the reader sees after the label: a number, an address. */
  value: string;
  href: string;
}

/** A value as the plain text shows it: a web link it stands for follows it (the WhatsApp chat), an e-mail address is enough. */
function shownInText({ value, href }: Item): string {
  return href === value || !href.startsWith('https:') ? value : `${value} (${href})`;
}

/** `siteUrl`: the site's public address, without a trailing slash (SITE_URL). */
export function acknowledgementMail(enquiry: Pick<EnquiryRecord, 'id' | 'locale'>, siteUrl: string): AcknowledgementMail {
  const locale = localeOf(enquiry);
  const t = translatorFor(locale);
  const reference = enquiryReference(enquiry.id);
  const firm = BRAND.name;
  const website = `${siteUrl}${localisedPath(locale, '/')}`;
  const verify = `${siteUrl}${localisedPath(locale, ROUTE_PATHS.verify)}`;
  const { licensedEntitiesUrl, investorAlertListUrl } = BRAND.investorProtection;

  const received = t('service.ack.received', { firm });
  const yourReference = t('service.ack.reference', { reference });
  const quote = t('service.ack.quote');
  const reply = t('service.ack.reply', { hours: RESPONSE_HOURS });
  const channels: Item[] = [
    { label: t('service.ack.phone'), value: BRAND.phone.display, href: `https://wa.me/${BRAND.phone.whatsappNumber}` },
    { label: t('service.ack.email'), value: BRAND.email, href: `mailto:${BRAND.email}` },
    { label: t('service.ack.website'), value: website, href: website },
  ];
  const never = [t('service.ack.never.payment'), t('service.ack.never.codes'), t('service.ack.never.number')];
  const checks: Item[] = [
    { label: t('service.ack.verify'), value: verify, href: verify },
    {
      label: t('service.ack.register', { legalName: BRAND.legalName, licence: BRAND.legalIdentity.licenceNumber }),
      value: licensedEntitiesUrl,
      href: licensedEntitiesUrl,
    },
    { label: t('service.ack.alertList'), value: investorAlertListUrl, href: investorAlertListUrl },
  ];
  const footer = [`${BRAND.legalName} (${BRAND.legalIdentity.registrationNumber})`, t('service.ack.why')];

  const text = [
    received,
    '',
    yourReference,
    quote,
    '',
    reply,
    '',
    t('service.ack.channels'),
    ...channels.map((item) => `- ${t('service.ack.item', { label: item.label, value: shownInText(item) })}`),
    '',
    t('service.ack.never', { firm }),
    ...never.map((item) => `- ${item}`),
    t('service.ack.stop'),
    '',
    t('service.ack.check'),
    ...checks.map((item) => `- ${t('service.ack.item', { label: item.label, value: shownInText(item) })}`),
    '',
    '-- ',
    ...footer,
    '',
  ].join('\n');

  // Every language's item ends with its value: the label's part of the line, then the link.
  const linked = (item: Item) =>
    `${escapeHtml(t('service.ack.item', { label: item.label, value: '' }))}<a href="${escapeHtml(item.href)}">${escapeHtml(item.value)}</a>`;
  const list = (items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
  const html = [
    `<!doctype html><html lang="${LOCALES[locale].htmlLang}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(received)}</p>`,
    `<p><strong>${escapeHtml(yourReference)}</strong><br>${escapeHtml(quote)}</p>`,
    `<p>${escapeHtml(reply)}</p>`,
    `<h2 style="font-size:1.1em">${escapeHtml(t('service.ack.channels'))}</h2>`,
    list(channels.map(linked)),
    `<h2 style="font-size:1.1em">${escapeHtml(t('service.ack.never', { firm }))}</h2>`,
    list(never.map((item) => escapeHtml(item))),
    `<p>${escapeHtml(t('service.ack.stop'))}</p>`,
    `<p>${escapeHtml(t('service.ack.check'))}</p>`,
    list(checks.map(linked)),
    `<p style="color:#555;font-size:0.9em">${footer.map((line) => escapeHtml(line)).join('<br>')}</p>`,
    '</body></html>',
  ].join('');

  return { subject: t('service.ack.subject', { firm, reference }), text, html, language: LOCALES[locale].htmlLang };
}
