/**
 * The content rules that hold an enquiry for a person to review before anyone
 * is alerted. None drops anything: a real enquiry that trips one waits for the
 * daily digest or the inbox's "Held for review", and is released from there.
 *
 * - Many links: MANY_LINKS or more in the names and message. A client names a
 *   website or a profile now and then; link spam carries lists of them.
 * - A script neither the site nor Malaysia's languages use: the site is in
 *   English, Malay and Chinese (Latin and Han letters), and the firm's own
 *   clients also write Tamil, and Malay in Jawi (Arabic script), so those
 *   four are served. A message of at least SCRIPT_MIN_LETTERS letters, more
 *   than half of them in other scripts (Cyrillic, Hangul, Thai...), is held,
 *   never refused, and the digest names each one.
 * - A disposable address (./disposable-domains.ts).
 */
import type { ContactSubmission } from '../../contract/contact';
import type { HoldReason } from '../../contract/hold-reasons';
import { isDisposableAddress } from './disposable-domains';

export const MANY_LINKS = 3;
export const SCRIPT_MIN_LETTERS = 10;

/** A URL with a scheme, or a bare www. address (counted once when it is both). */
const LINK = /\bhttps?:\/\/[^\s<>"]+|\bwww\.[^\s<>"]+/giu;
const LETTER = /\p{L}/gu;
const SERVED_LETTER = /[\p{Script=Latin}\p{Script=Han}\p{Script=Bopomofo}\p{Script=Tamil}\p{Script=Arabic}]/u;

export function linkCount(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

/** Whether most of the text's letters are in scripts neither the site nor Malaysia's languages are written in. */
export function mostlyUnservedScript(text: string): boolean {
  const letters = text.match(LETTER) ?? [];
  if (letters.length < SCRIPT_MIN_LETTERS) return false;
  const unserved = letters.filter((letter) => !SERVED_LETTER.test(letter)).length;
  return unserved * 2 > letters.length;
}

/** The first rule the submission trips, or null. */
export function contentHoldReason(submission: ContactSubmission): HoldReason | null {
  const { firstName, lastName, message, email } = submission;
  if (linkCount([firstName, lastName, message].join('\n')) >= MANY_LINKS) return 'many-links';
  if (mostlyUnservedScript(message)) return 'unserved-script';
  if (isDisposableAddress(email)) return 'disposable-address';
  return null;
}
