/**
 * The token a reply's Reply-To carries (service/replies/ writes it), which
 * names the enquiry an answer belongs to: the firm's mailbox plus-addressed
 * with the enquiry's id without its dashes,
 * `replies+1fb19480c2d34e8f9a0b1c2d3e4f5a6b@example.com`. Mail clients keep
 * the address they reply to, whatever they do to the headers and subject.
 */
const TOKEN = /\+([0-9a-f]{32})@/i;

/** The plus-address of `mailbox` (an address, bare) for the enquiry with this id. */
export function replyTokenAddress(mailbox: string, enquiryId: string): string {
  const at = mailbox.lastIndexOf('@');
  const local = mailbox.slice(0, at).replace(/\+.*$/, '');
  return `${local}+${enquiryId.replaceAll('-', '').toLowerCase()}${mailbox.slice(at)}`;
}

/** The enquiry id an address's token names, or null when it carries none. */
export function enquiryIdOfAddress(address: string): string | null {
  const hex = TOKEN.exec(address)?.[1]?.toLowerCase();
  if (!hex) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
