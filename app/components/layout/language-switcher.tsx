import { useLocation } from 'react-router-dom';
import { LOCALE_CODES, LOCALES } from '../../../contract/locales';
import { activeLocale } from '../../i18n/active-locale';
import { linkInLanguage, rememberLocale } from '../../lib/language-choice';

interface LanguageSwitcherProps {
  readonly className: string;
  readonly linkClassName: string;
}

/**
 * The same page in each language: plain links (they work without JavaScript,
 * and each language's page is its own prerendered document), each named in
 * its own language and marked with its lang. Following one remembers the
 * choice. An unknown path leads to the other language's home page.
 */
export function LanguageSwitcher({ className, linkClassName }: LanguageSwitcherProps) {
  const { locale, site } = activeLocale();
  const { pathname } = useLocation();
  return (
    <ul aria-label={site.language.label} className={className}>
      {LOCALE_CODES.map((code) => (
        <li key={code}>
          <a
            href={linkInLanguage(code, pathname)}
            hrefLang={LOCALES[code].htmlLang}
            lang={LOCALES[code].htmlLang}
            aria-current={code === locale ? 'true' : undefined}
            className={linkClassName}
            onClick={() => rememberLocale(code)}
          >
            {LOCALES[code].name}
          </a>
        </li>
      ))}
    </ul>
  );
}
