import type { InboxStatus } from '../../../contract/inbox';
import { TEXTS } from '../texts';

const LOOK: Record<InboxStatus, string> = {
  new: 'bg-accent-light text-ink',
  replied: 'bg-brand-pale text-ink',
  closed: 'bg-paper-warm text-muted ring-1 ring-muted/40',
};

/** An enquiry's status as a word in a pill: the word says it, the colour only helps the eye. */
export function StatusLabel({ status }: { status: InboxStatus }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${LOOK[status]}`}>{TEXTS.statuses[status]}</span>;
}
