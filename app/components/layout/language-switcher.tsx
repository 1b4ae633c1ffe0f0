import { useLocation } from 'react-router-dom';
import { LOCALE_CODES, LOCALES, localisedPath, splitLocalePath } from '../../../contract/locales';
import { parseRoutePath, ROUTE_PATHS } from '../../../contract/routes';
import { activeLocale } from '../../i18n/active-locale';
import { rememberLocale } from '../../lib/language-choice';

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
  const { route } = parseRoutePath(pathname);
  const path = route === undefined ? ROUTE_PATHS.home : splitLocalePath(pathname).path;
  return (
    <ul aria-label={site.language.label} className={className}>
      {LOCALE_CODES.map((code) => (
        <li key={code}>
          <a
            href={localisedPath(code, path)}
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
