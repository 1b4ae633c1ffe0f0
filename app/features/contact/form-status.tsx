import { useAtomValue } from 'jotai';
import { outboxCourierAtom, outboxWaitingCountAtom } from '../../state/outbox-atoms';
import { appStore } from '../../state/store';
import { messages } from '../../i18n/active-locale';

/**
 * The contact form's one status region, always in the page and empty while
 * there is nothing to say, so that screen readers announce a line when it
 * appears or changes, politely and without moving the focus:
 * - how many enquiries wait in the offline outbox, so that a visitor who
 *   comes back (or reloads) knows they are safe and on their way, and, where
 *   no Background Sync has them, that they go only while the site is open;
 * - while a send has taken longer than a second, that it is still under way:
 *   the anti-spam check it solves first is quick on most devices, and stays
 *   unseen there, but an older phone can take a few seconds.
 */
export function FormStatus({ sendingSlowly }: { sendingSlowly: boolean }) {
  const t = messages();
  const count = useAtomValue(outboxWaitingCountAtom, { store: appStore });
  const courier = useAtomValue(outboxCourierAtom, { store: appStore });
  return (
    <p role="status" className={count > 0 || sendingSlowly ? 'm-0 grid gap-2 rounded-lg bg-brand-pale p-4 text-sm text-ink' : 'm-0'}>
      {count > 0 ? (
        <span className="flex gap-2">
          <span aria-hidden="true" className="i-lucide-clock mt-0.5 shrink-0 text-brand" />
          {t(courier === 'open-page' ? 'outbox.waitingOpenPage' : 'outbox.waiting', { count })}
        </span>
      ) : null}
      {sendingSlowly ? (
        <span className="flex gap-2">
          <span aria-hidden="true" className="i-lucide-shield-check mt-0.5 shrink-0 text-brand" />
          {t('form.checking')}
        </span>
      ) : null}
    </p>
  );
}
