/**
 * The links that start a reply to an enquiry: an e-mail with the reference in
 * its subject, and a WhatsApp chat when the number given looks like a mobile
 * one. wa.me wants the international number in digits only.
 */

/** mailto: the address (only its `@` left readable) and a subject naming the enquiry. */
export function mailtoLink(email: string, subject: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}

/** Malaysia's country code: a number written without one is Malaysian (the firm's visitors'). */
const HOME_COUNTRY = '60';

/**
 * The international digits of `phone` when it looks like a number WhatsApp
 * can reach, else null. `+60 12-345 6789`, `0060…`, `012-345 6789` and
 * `60123456789` all give 60123456789. A Malaysian number must be a mobile one
 * (60 1…); another country's is taken as given when it has the length of an
 * international number (E.164: at most 15 digits).
 */
export function whatsAppDigits(phone: string): string | null {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  let international: string;
  if (trimmed.startsWith('+')) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  else if (digits.startsWith('0')) international = HOME_COUNTRY + digits.slice(1);
  else if (digits.startsWith(HOME_COUNTRY)) international = digits;
  else return null;
  if (international.length < 8 || international.length > 15 || international.startsWith('0')) return null;
  if (international.startsWith(HOME_COUNTRY) && !/^601\d{8,9}$/.test(international)) return null;
  return international;
}

/** The chat with `phone`, its message box started with `text` (the enquiry's reference). */
export function whatsAppLink(phone: string, text: string): string | null {
  const digits = whatsAppDigits(phone);
  return digits === null ? null : `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
