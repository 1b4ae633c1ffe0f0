import { useAtomValue } from 'jotai';
import { outboxWaitingCountAtom } from '../../state/outbox-atoms';
import { appStore } from '../../state/store';
import { messages } from '../../i18n/active-locale';

/**
 * How many enquiries wait in the offline outbox, so that a visitor who comes
 * back (or reloads) knows they are safe and on their way. A status region that
 * is always in the page, empty while nothing waits, so that screen readers
 * announce the line when it appears or changes.
 */
export function OutboxStatus() {
  const t = messages();
  const count = useAtomValue(outboxWaitingCountAtom, { store: appStore });
  return (
    <p role="status" className={count > 0 ? 'm-0 flex gap-2 rounded-lg bg-brand-pale p-4 text-sm text-ink' : 'm-0'}>
      {count > 0 ? (
        <>
          <span aria-hidden="true" className="i-lucide-clock mt-0.5 shrink-0 text-brand" />
          {t('outbox.waiting', { count })}
        </>
      ) : null}
    </p>
  );
}
