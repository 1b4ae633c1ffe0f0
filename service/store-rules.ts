/** Rules about the data that every store applies the same way. */
import { createHash, randomUUID } from 'node:crypto';
import type { ContactSubmission } from '../contract/contact';
import { DEFAULT_LOCALE } from '../contract/locales';
import { newAlert } from './alerts/alert-records';
import type { AlertChannel, AlertRecord, EnquiryRecord, SpamRecord } from './records';
import { UserInputError } from './store-interface';

const USERNAME = /^[A-Za-z0-9._-]{3,64}$/;

/** The trimmed username, or a UserInputError saying what a username must be (the password's rules: auth/passwords.ts). */
export function checkUsername(username: string): string {
  const name = username.trim();
  if (!USERNAME.test(name)) {
    throw new UserInputError('A username is 3 to 64 letters, digits, dots, dashes or underscores.');
  }
  return name;
}

export function usernameTaken(name: string): UserInputError {
  return new UserInputError(`The username ${name} is taken.`);
}

/**
 * Same fields, same fingerprint: what "the same body" means for a replayed key.
 * The language is not one of them: the same words sent again from the page in
 * another language are the same enquiry (and every fingerprint stored before
 * languages stays valid).
 */
export function fingerprintOf(submission: ContactSubmission): string {
  const { firstName, lastName, email, phone, service, message, website = '' } = submission;
  const fields = [firstName, lastName, email, phone, service, message, website];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** E-mail addresses as a person means them: case and surrounding spaces do not matter. */
export function sameEmail(a: string, b: string): boolean {
  return addressKey(a) === addressKey(b);
}

/** An address in the form sameEmail() compares: the key of a lookup by address. */
export function addressKey(email: string): string {
  return email.trim().toLowerCase();
}

export interface NewRecords {
  record: EnquiryRecord | SpamRecord;
  isSpam: boolean;
  /** A pending alert per channel; none for spam. */
  alerts: AlertRecord[];
}

/** The records a new submission becomes, in any store. */
export function newRecordsFor(
  submission: ContactSubmission,
  {
    fingerprint,
    idempotencyKey,
    alertChannels,
    now,
  }: { fingerprint: string; idempotencyKey?: string; alertChannels: readonly AlertChannel[]; now: Date },
): NewRecords {
  const { website = '', locale = DEFAULT_LOCALE, ...fields } = submission;
  const base: EnquiryRecord = {
    id: randomUUID(),
    ...fields,
    locale,
    createdAt: now.toISOString(),
    idempotencyKey: idempotencyKey ?? null,
    fingerprint,
  };
  // The honeypot field exists only on spam records: a real enquiry never stores it.
  const isSpam = website !== '';
  const record: EnquiryRecord | SpamRecord = isSpam ? { ...base, website } : base;
  const alerts = isSpam ? [] : alertChannels.map((channel) => newAlert(record, channel));
  return { record, isSpam, alerts };
}
