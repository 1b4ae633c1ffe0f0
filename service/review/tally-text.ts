/** What the operator reads for each tally, in the digest and the CLI. */
import type { TallyName } from '../records';
import { HELD_LIMIT } from '../store-rules';
import { REFUSAL_WINDOW_S, REFUSALS_TO_COUNT } from './challenge-refusals';

export const TALLY_TEXT: Record<TallyName, string> = {
  honeypot: 'filled in the hidden field (honeypot)',
  'challenge-refused': `failed the anti-spam check ${REFUSALS_TO_COUNT} or more times in ${REFUSAL_WINDOW_S / 60} minutes from one address`,
  'held-dropped': `held records dropped, oldest first, past the limit of ${HELD_LIMIT.toLocaleString('en')}`,
  'digest-sent': 'daily digest sent',
  'ceiling-alerted': 'daily ceiling alert sent',
  'sign-in-unknown-user': 'inbox sign-ins refused for a username nobody has',
};
