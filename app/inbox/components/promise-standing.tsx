import type { InboxStatus } from '../../../contract/inbox';
import { formatSpan, promiseStanding } from '../lib/promise-clock';
import { TEXTS } from '../texts';

/**
 * How long is left of the 24-hour promise, or how long it is overdue: an
 * overdue one says "Overdue" in words and with an icon, not in colour alone.
 */
export function PromiseStanding({ status, answerBy, now }: { status: InboxStatus; answerBy: string; now: number }) {
  const standing = promiseStanding(status, answerBy, now);
  const t = TEXTS.promise;
  if (standing.kind === 'answered') return <span className="text-muted">{t.notDue}</span>;
  if (standing.kind === 'left') return <span>{t.left(formatSpan(standing.ms))}</span>;
  return (
    <span className="inline-flex items-center gap-1 font-semibold text-danger">
      <span aria-hidden="true" className="i-lucide-alarm-clock shrink-0" />
      <span>
        <strong>{t.overdue}</strong> {t.overdueBy(formatSpan(standing.ms))}
      </span>
    </span>
  );
}
