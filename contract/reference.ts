/**
 * An enquiry's short reference, `TW-` and the first 8 characters of its id in
 * upper case (`TW-1FB19480`): what the visitor, the alert, the inbox and the
 * CLI all call it, short enough to read out over the phone.
 */
export function enquiryReference(id: string): string {
  return `TW-${id.slice(0, 8).toUpperCase()}`;
}

const REFERENCE = /^TW-([0-9a-f]{8})$/i;

/** The start of the id that a reference typed by someone stands for (any case, spaces around it), or null if it is not one. */
export function referencedIdPrefix(text: string): string | null {
  return REFERENCE.exec(text.trim())?.[1]?.toLowerCase() ?? null;
}
