/**
 * Why an enquiry was held for review instead of alerted at once, as the
 * inbox, the CLI and the daily digest name it. `honeypot` is what records
 * stored before honeypot catches were only counted carry.
 */
export const HOLD_REASONS = ['no-javascript', 'many-links', 'unserved-script', 'disposable-address', 'daily-ceiling', 'honeypot'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

export const HOLD_REASON_TEXT: Record<HoldReason, string> = {
  'no-javascript': 'Sent without JavaScript, so it could not solve the anti-spam check',
  'many-links': 'The message holds 3 or more links',
  'unserved-script': 'The message is mostly in a script the site is not written in (not Latin or Chinese)',
  'disposable-address': 'The e-mail address is at a disposable-mail domain',
  'daily-ceiling': 'Came after the daily ceiling of accepted enquiries (ENQUIRIES_PER_DAY) was reached',
  honeypot: 'Filled in the form’s hidden field, which only automated senders see',
};

/** The sentence for a reason, or the reason itself when this code does not know it. */
export function describeHoldReason(reason: string): string {
  return (HOLD_REASON_TEXT as Record<string, string>)[reason] ?? reason;
}
