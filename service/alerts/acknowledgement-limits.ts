/**
 * When the visitor's acknowledgement is not sent, in every store: the form
 * must not turn the firm's domain into a mailer aimed at someone else. Three
 * limits, each skipping only the acknowledgement (the enquiry is stored and
 * alerted as usual):
 * - one per mailbox within ACKNOWLEDGEMENT_INTERVAL_MS, the address compared
 *   as the mailbox receives it (mailboxOf): `victim+1@gmail.com` and
 *   `v.ictim@googlemail.com` are one mailbox;
 * - ACKNOWLEDGEMENTS_PER_CLIENT a UTC day per client key (each of the post's
 *   rateLimitKeys: an IPv6 client by its /64 and its /48);
 * - acknowledgementsPerDay(ENQUIRIES_PER_DAY) a UTC day in all.
 */
import type { TallyName } from '../records';

/** A client (one address, or an office behind one) asks on behalf of itself and a colleague at most. */
export const ACKNOWLEDGEMENTS_PER_CLIENT = 2;
/**
 * The day's acknowledgements are at most this share of ENQUIRIES_PER_DAY: at
 * the default 1000 (some forty busy days' enquiries), 100, four busy days'
 * worth, and fifty times below the 5,000 a day at which Gmail treats a domain
 * as a bulk sender. A day that needs more is a flood.
 */
export const ACKNOWLEDGEMENT_SHARE_OF_CEILING = 0.1;
/** ENQUIRIES_PER_DAY's default, which the share is taken of when the ceiling is off (0). */
const DEFAULT_CEILING = 1000;

/** The day's total for a daily ceiling of `enquiriesPerDay` (0: off). */
export function acknowledgementsPerDay(enquiriesPerDay: number): number {
  const ceiling = enquiriesPerDay > 0 ? enquiriesPerDay : DEFAULT_CEILING;
  return Math.max(1, Math.floor(ceiling * ACKNOWLEDGEMENT_SHARE_OF_CEILING));
}

/** Domains whose mailboxes ignore dots in the local part, and the one name they share. */
const DOTLESS_DOMAINS = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * The mailbox an address delivers to, as far as the firm can tell: lower
 * case, without a `+tag`, and for Gmail without dots and with googlemail.com
 * as gmail.com.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const [local, domain] = [address.slice(0, at), address.slice(at + 1)];
  const untagged = local.split('+')[0]!;
  const dotless = DOTLESS_DOMAINS.get(domain);
  return dotless === undefined ? `${untagged}@${domain}` : `${untagged.replaceAll('.', '')}@${dotless}`;
}

/** Why an acknowledgement was not queued, as the day's tally names it. */
export type AcknowledgementSkip = Extract<TallyName, 'acknowledgement-mailbox' | 'acknowledgement-client' | 'acknowledgement-day'>;

export interface AcknowledgementCounts {
  /** Whether the mailbox had one within the interval. */
  mailboxAcknowledged: boolean;
  /** Today's acknowledgements per client key of this post. */
  perClientKey: readonly number[];
  /** Today's acknowledgements in all. */
  today: number;
}

/** The limits one acknowledgement is checked against; a release from review has no client. */
export interface AcknowledgementLimits {
  clientKeys: readonly string[];
  perDay: number;
}

/** A release from review: staff vouched for it, so only the mailbox's limit applies. */
export const RELEASED_FROM_REVIEW: AcknowledgementLimits = { clientKeys: [], perDay: Number.POSITIVE_INFINITY };

/** null: send it; else why not. */
export function skipReason(counts: AcknowledgementCounts, { perDay }: AcknowledgementLimits): AcknowledgementSkip | null {
  if (counts.mailboxAcknowledged) return 'acknowledgement-mailbox';
  if (counts.perClientKey.some((count) => count >= ACKNOWLEDGEMENTS_PER_CLIENT)) return 'acknowledgement-client';
  if (counts.today >= perDay) return 'acknowledgement-day';
  return null;
}
