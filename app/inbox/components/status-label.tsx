import { inboxEnquiryStatuses, type InboxStatus } from '../../../contract/inbox';
import { TEXTS } from '../texts';

const LOOK: Record<InboxStatus, string> = {
  new: 'bg-accent-light text-ink',
  'new-reply': 'bg-accent-light text-ink ring-1 ring-ink/40',
  replied: 'bg-brand-pale text-ink',
  closed: 'bg-paper-warm text-muted ring-1 ring-muted/40',
};

/** An enquiry's status as a word in a pill: the word says it, the colour only helps the eye. */
export function StatusLabel({ status }: { status: InboxStatus }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${LOOK[status]}`}>{TEXTS.statuses[status]}</span>;
}

interface StatusFieldProps {
  readonly id: string;
  readonly label: string;
  readonly defaultValue: InboxStatus | '';
  /** A first choice of no status in particular, as a filter has; an enquiry's own status has none. */
  readonly anyStatus?: string;
}

/** A labelled choice of the statuses, named `status` in its form. */
export function StatusField({ id, label, defaultValue, anyStatus }: StatusFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} name="status" defaultValue={defaultValue} className="field-input">
        {anyStatus === undefined ? null : <option value="">{anyStatus}</option>}
        {inboxEnquiryStatuses.map((status) => (
          <option key={status} value={status}>
            {TEXTS.statuses[status]}
          </option>
        ))}
      </select>
    </div>
  );
}
