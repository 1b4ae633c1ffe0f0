import { localisedPath } from '../../../contract/locales';
import { ROUTE_PATHS } from '../../../contract/routes';
import { activeLocale, messages } from '../../i18n/active-locale';

/**
 * The line beside the Send button: sending means the visitor has read the
 * privacy notice (PDPA 2010, s.7). The notice opens in a new tab, so reading it
 * does not throw away what the visitor has typed.
 */
export function FormConsentNote() {
  const { locale } = activeLocale();
  const t = messages();
  return (
    <p className="m-0 text-sm text-muted">
      {t('form.consent.before')}
      <a href={localisedPath(locale, ROUTE_PATHS.privacy)} target="_blank" rel="noopener" className="font-semibold text-brand">
        {t('form.consent.link')}
        <span className="sr-only"> {t('form.consent.newTab')}</span>
      </a>
      {t('form.consent.after')}
    </p>
  );
}
