/**
 * Checking that a reply is the firm's (/verify): each staff reply ends with
 * its enquiry's reference and a short check code, and the visitor types both
 * into the page, which asks the service. The endpoint and how a code is
 * written and read; the request and the answer are ./reply-check.ts's (zod,
 * which the page loads only when the visitor checks).
 *
 * The code is 8 characters of Crockford's base32 (no I, L, O or U, so nothing
 * reads as another character), shown as XXXX-XXXX to be read aloud. A typed
 * one is read forgivingly: any case, spaces and dashes anywhere, and the
 * letters O, I and L taken for the digits they look like.
 */

export const REPLY_CHECK_ENDPOINT = '/api/verify';

/** Crockford's base32: digits and upper-case letters without I, L, O and U. */
export const CHECK_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CHECK_CODE_LENGTH = 8;
/** The code is shown in groups of this many characters, joined by a dash. */
const GROUP_LENGTH = 4;
/** Longer than anything a visitor would type in either field; anything longer is refused unread. */
export const REPLY_CHECK_FIELD_MAX = 64;

const LOOK_ALIKES: Readonly<Record<string, string>> = { O: '0', I: '1', L: '1' };

/** The code as shown: XXXX-XXXX. */
export function formatCheckCode(characters: string): string {
  return `${characters.slice(0, GROUP_LENGTH)}-${characters.slice(GROUP_LENGTH)}`;
}

/** A typed code in its shown form (XXXX-XXXX), or null when it cannot be one of ours. */
export function normaliseCheckCode(typed: string): string | null {
  const characters = [...typed.toUpperCase().replace(/[\s-]/g, '')].map((character) => LOOK_ALIKES[character] ?? character).join('');
  if (characters.length !== CHECK_CODE_LENGTH || [...characters].some((character) => !CHECK_CODE_ALPHABET.includes(character))) {
    return null;
  }
  return formatCheckCode(characters);
}
