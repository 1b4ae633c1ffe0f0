/**
 * What the legal pages share in every language: the shape of a legal text,
 * and the retention period the privacy notice promises. The texts are in
 * locales/<code>/ (privacy-notice.ts, pages/terms.ts).
 */
import { DEFAULT_RETENTION_DAYS } from '../../contract/retention';

import { type Catalogue, plainMessage } from '../../contract/i18n';
import { LOCALES, type Locale } from '../../contract/locales';

/** The day the privacy notice and the terms were last changed, printed on both in each language. */
const LEGAL_LAST_UPDATED = new Date('2026-11-26T00:00:00Z');

/** The date the legal texts were last changed, written the way `locale` writes dates. */
export function legalLastUpdated(locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALES[locale].intl, { dateStyle: 'long', timeZone: 'UTC' }).format(LEGAL_LAST_UPDATED);
}

/** How long an enquiry is kept, in days, before it is deleted: the privacy notice promises this number. */
export const RETENTION_DAYS = DEFAULT_RETENTION_DAYS;

/** Whom a visitor writes to about personal data (BRAND.dataProtectionContact), with its labels in the text's language. */
export interface PrivacyContactBlock {
  readonly privacyContact: true;
  readonly designation: string;
  readonly email: string;
  readonly phone: string;
  readonly address: string;
  /** The language's comma and colon, as its text around them writes them. */
  readonly comma: string;
  readonly colon: string;
}

/** A paragraph, or (as an array) a bulleted list, or the privacy contact's details. */
export type LegalBlock = string | readonly string[] | PrivacyContactBlock;

export interface LegalSection {
  readonly heading: string;
  readonly body: readonly LegalBlock[];
}

export interface NoticeVersion {
  /** The BCP 47 tag on this version's markup, so screen readers switch voice. */
  readonly lang: string;
  /** The version's name, in its own language, as its heading. */
  readonly languageName: string;
  readonly title: string;
  readonly intro: string;
  readonly sections: readonly LegalSection[];
  readonly updated: string;
}

/** The contact form's labels as a language's form shows them, for the privacy notice that names them. */
export function formFieldLabels(catalogue: Catalogue) {
  return {
    firstName: plainMessage(catalogue, 'field.firstName.label'),
    lastName: plainMessage(catalogue, 'field.lastName.label'),
    email: plainMessage(catalogue, 'field.email.label'),
    phone: plainMessage(catalogue, 'field.phone.label'),
    message: plainMessage(catalogue, 'field.message.label'),
  };
}
