/** What the operator reads for each tally, in the digest and the CLI. */
import type { TallyName } from '../records';
import { HELD_LIMIT } from '../store-rules';
import { REFUSAL_WINDOW_S, REFUSALS_TO_COUNT } from './challenge-refusals';

export const TALLY_TEXT: Record<TallyName, string> = {
  honeypot: 'filled in the hidden field (honeypot)',
  'challenge-refused': `failed the anti-spam check ${REFUSALS_TO_COUNT} or more times in ${REFUSAL_WINDOW_S / 60} minutes from one address`,
  'held-dropped': 'held records dropped past the limit (before held records were kept until reviewed)',
  'held-refused': `posts refused instead of held: the queue of ${HELD_LIMIT.toLocaleString('en')} was full, or their address had held enough that day`,
  'digest-sent': 'daily digest sent',
  'ceiling-alerted': 'daily ceiling alert sent',
};
