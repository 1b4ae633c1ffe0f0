/**
 * An enquiry's short reference, `TW-` and the first 8 characters of its id in
 * upper case (`TW-1FB19480`): what the visitor, the alert, the inbox and the
 * CLI all call it, short enough to read out over the phone.
 */
export function enquiryReference(id: string): string {
  return `TW-${id.slice(0, 8).toUpperCase()}`;
}
