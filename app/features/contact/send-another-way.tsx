import { useAtomValue } from 'jotai';
import { activeLocale, messages } from '../../i18n/active-locale';
import { LOCALES } from '../../../contract/locales';
import { outboxCourierAtom, outboxWaitingAtom } from '../../state/outbox-atoms';
import { appStore } from '../../state/store';
import { prefilledLinks } from './prefilled-links';

/**
 * Beside the form's status line, where only an open page of the site delivers
 * the outbox (no Background Sync): each waiting message as a ready-written
 * e-mail and WhatsApp message to the firm, for a visitor who cannot keep the
 * page open. Outside the status region, so its links are not read out as news.
 */
export function SendAnotherWay() {
  const t = messages();
  const waiting = useAtomValue(outboxWaitingAtom, { store: appStore });
  const courier = useAtomValue(outboxCourierAtom, { store: appStore });
  if (courier !== 'open-page' || waiting.length === 0) return null;
  const time = new Intl.DateTimeFormat(LOCALES[activeLocale().locale].intl, { timeStyle: 'short' });
  return (
    <div className="grid gap-3 rounded-lg border border-brand/30 p-4 text-sm text-ink">
      <p className="m-0">{t('outbox.alternatives.lead')}</p>
      <ul className="m-0 grid list-none gap-3 p-0">
        {waiting.map((enquiry, index) => {
          const links = prefilledLinks(enquiry, t);
          return (
            <li key={enquiry.idempotencyKey} className="grid gap-2">
              {waiting.length > 1 ? (
                <span className="font-semibold">
                  {t('outbox.alternatives.item', { number: index + 1, time: time.format(enquiry.queuedAt) })}
                </span>
              ) : null}
              <span className="flex flex-wrap gap-3">
                <a href={links.email} className="btn-secondary px-4 py-2 text-sm">
                  <span aria-hidden="true" className="i-lucide-mail" />
                  {t('outbox.alternatives.email')}
                </a>
                <a
                  href={links.whatsapp}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="btn bg-whatsapp px-4 py-2 text-sm text-paper hover:bg-ink"
                >
                  <span aria-hidden="true" className="i-lucide-message-circle" />
                  {t('outbox.alternatives.whatsapp')}
                  <span className="sr-only"> {t('form.consent.newTab')}</span>
                </a>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
