/** What the operator reads for each tally, in the digest and the CLI. */
import type { TallyName } from '../records';
import { ACKNOWLEDGEMENT_SHARE_OF_CEILING, ACKNOWLEDGEMENTS_PER_CLIENT } from '../alerts/acknowledgement-limits';
import { HELD_LIMIT } from '../store-rules';
import { REFUSAL_WINDOW_S, REFUSALS_TO_COUNT } from './challenge-refusals';

export const TALLY_TEXT: Record<TallyName, string> = {
  honeypot: 'filled in the hidden field (honeypot)',
  'challenge-refused': `failed the anti-spam check ${REFUSALS_TO_COUNT} or more times in ${REFUSAL_WINDOW_S / 60} minutes from one address`,
  'held-dropped': 'held records dropped past the limit (before held records were kept until reviewed)',
  'held-refused': `posts refused instead of held: the queue of ${HELD_LIMIT.toLocaleString('en')} was full, or their address had held enough that day`,
  'digest-sent': 'daily digest sent',
  'ceiling-alerted': 'daily ceiling alert sent',
  'acknowledgement-mailbox': 'acknowledgements not sent: the mailbox had one in the last 24 hours (+tags and Gmail dots aside)',
  'acknowledgement-client': `acknowledgements not sent: the client address had ${ACKNOWLEDGEMENTS_PER_CLIENT} that day`,
  'acknowledgement-day': `acknowledgements not sent: the day's total (${ACKNOWLEDGEMENT_SHARE_OF_CEILING * 100} % of ENQUIRIES_PER_DAY) was reached`,
  'sign-in-unknown-user': 'inbox sign-ins refused for a username nobody has',
  'sign-in-unchecked': 'inbox sign-ins refused unchecked: too many password checks at once (the verify budget)',
};
