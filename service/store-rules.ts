/** Rules about the data that every store applies the same way. */
import { createHash, randomUUID } from 'node:crypto';
import type { ContactSubmission } from '../contract/contact';
import type { HoldReason } from '../contract/hold-reasons';
import { DEFAULT_LOCALE } from '../contract/locales';
import { newAlert } from './alerts/alert-records';
import {
  EXAMPLE_CHARS,
  type AlertChannel,
  type AlertRecord,
  type EnquiryRecord,
  type MessageRecord,
  type SpamRecord,
  type TallyName,
  type TallyRecord,
  type UserRecord,
} from './records';
import { UserInputError, type RecordReads } from './store-interface';

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

/** Whether a user's enrolment code may still be used at `now`: given by `users add` or `users reset` less than 7 days ago. */
export function enrolmentOpen(user: Pick<UserRecord, 'enrolmentCodeHash' | 'enrolmentExpiresAt'>, now: Date): boolean {
  return Boolean(user.enrolmentCodeHash) && user.enrolmentExpiresAt != null && Date.parse(user.enrolmentExpiresAt) > now.getTime();
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

/** A visitor's answer sent from this address (to any enquiry): theirs too, in an export or a deletion of their data. */
export function sentFrom(message: Pick<MessageRecord, 'from'>, email: string): boolean {
  return message.from !== undefined && sameEmail(message.from, email);
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

/**
 * Held for review at most (with HELD_BYTES_LIMIT): past it a post that would
 * be held is refused (review/held-admission.ts); nothing held is dropped.
 */
export const HELD_LIMIT = 1_000;
/** Held records and tallies are kept this long (not RETENTION_DAYS): a person looks at them daily. */
export const HELD_DAYS = 30;

/** The records a new submission becomes, in any store; held when `holdFor` is given or the honeypot is filled. */
export function newRecordsFor(
  submission: ContactSubmission,
  {
    fingerprint,
    idempotencyKey,
    alertChannels,
    now,
    holdFor,
    id = randomUUID(),
  }: {
    fingerprint: string;
    idempotencyKey?: string;
    alertChannels: readonly AlertChannel[];
    now: Date;
    holdFor?: HoldReason;
    /** The new record's id, drawn by the store so that its reference is not taken (see referencePrefix). */
    id?: string;
  },
): NewRecords {
  const { website = '', locale = DEFAULT_LOCALE, ...fields } = submission;
  const base: EnquiryRecord = {
    id,
    ...fields,
    locale,
    createdAt: now.toISOString(),
    idempotencyKey: idempotencyKey ?? null,
    fingerprint,
  };
  // The service counts honeypot catches without storing them; one that reaches a store anyway is held.
  // The honeypot field exists only on held records: a real enquiry never stores it.
  const reason = holdFor ?? (website !== '' ? 'honeypot' : undefined);
  const isSpam = reason !== undefined;
  const record: EnquiryRecord | SpamRecord = isSpam ? { ...base, ...(website !== '' && { website }), reason } : base;
  const alerts = isSpam ? [] : alertChannels.map((channel) => newAlert(record, channel));
  return { record, isSpam, alerts };
}

/** What a held record weighs against the byte limit: the UTF-8 bytes of its text fields (PostgreSQL: octet_length). */
export function heldBytesOf(record: SpamRecord): number {
  const { firstName, lastName, email, phone, service, message, website = '' } = record;
  return [firstName, lastName, email, phone, service, message, website].reduce((sum, text) => sum + Buffer.byteLength(text), 0);
}

/** A tally's id: one record per UTC day and name. */
export function tallyId(day: string, name: TallyName): string {
  return `${day}/${name}`;
}

/** The tallies of `sinceDay` (YYYY-MM-DD) and later, oldest first (by day, then name). A month's are a few dozen: all are read. */
export async function talliesSince(store: Pick<RecordReads, 'find'>, sinceDay: string): Promise<TallyRecord[]> {
  return (await store.find('tallies')).filter((tally) => tally.day >= sinceDay).sort((a, b) => a.id.localeCompare(b.id));
}

/** An example as a tally keeps it: at most EXAMPLE_CHARS characters, never half of a surrogate pair. */
export function shortExample(text: string): string {
  let short = '';
  for (const character of text) {
    if (short.length + character.length > EXAMPLE_CHARS) break;
    short += character;
  }
  return short;
}

/** The tally after one more count (and the example, while there is room for it). */
export function countedOnce(tally: TallyRecord, example: string | undefined, maxExamples: number): TallyRecord {
  const examples =
    example !== undefined && tally.examples.length < maxExamples ? [...tally.examples, shortExample(example)] : tally.examples;
  return { ...tally, count: tally.count + 1, examples };
}

/**
 * What an id's reference (TW-XXXXXXXX) is made of: its first 8 hexadecimal
 * digits. Each store keeps it unique among enquiries and held records, drawing
 * another id when a new one's is taken, so that a reference names one record.
 */
export const referencePrefix = (id: string) => id.slice(0, 8).toLowerCase();
