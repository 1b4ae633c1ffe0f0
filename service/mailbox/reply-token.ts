/**
 * The token a reply's Reply-To carries (service/replies/ writes it), which
 * names the enquiry an answer belongs to: the firm's mailbox plus-addressed
 * with the enquiry's reference in lower case (mail servers may fold case),
 * `replies+tw-1fb19480@example.com`. References are unique in the store.
 * Mail clients keep the address they reply to, whatever they do to the
 * headers and the subject.
 */
const TOKEN = /\+(tw-[0-9a-f]{8})@/i;

/** The reference (TW-XXXXXXXX) an address's token names, or null when it carries none. */
export function referenceOfAddress(address: string): string | null {
  return TOKEN.exec(address)?.[1]?.toUpperCase() ?? null;
}
