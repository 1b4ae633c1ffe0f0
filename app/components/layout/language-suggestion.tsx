import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { type Locale, LOCALES, localisedPath, negotiateLocale, splitLocalePath } from '../../../contract/locales';
import { activeLocale, loadSiteCopy } from '../../i18n/active-locale';
import { chosenLocale, rememberLocale } from '../../lib/language-choice';

interface Suggestion {
  readonly locale: Locale;
  readonly text: string;
}

/**
 * On a first visit, a one-line offer of the site in the browser's language
 * when the page is in another: an offer, never a redirect. It goes once the
 * visitor picks a language here or in the switcher, or dismisses it (which
 * keeps the page's language as their choice).
 */
export function LanguageSuggestion() {
  const { locale, site } = activeLocale();
  const { pathname } = useLocation();
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);

  useEffect(() => {
    if (chosenLocale() !== null) return;
    const preferred = negotiateLocale(navigator.languages.join(','));
    if (preferred === locale) return;
    let current = true;
    void loadSiteCopy(preferred).then((copy) => {
      if (current) setSuggestion({ locale: preferred, text: copy.language.suggestion });
    });
    return () => {
      current = false;
    };
  }, [locale]);

  if (!suggestion) return null;
  const { htmlLang, name } = LOCALES[suggestion.locale];
  const dismiss = () => {
    rememberLocale(locale);
    setSuggestion(null);
  };
  return (
    // In the floating dock, over the page: appearing after the page is up, it moves nothing.
    <aside
      aria-label={site.language.label}
      lang={htmlLang}
      className="pointer-events-auto relative w-full rounded-2xl bg-accent-light p-4 pr-12 text-ink shadow-2xl ring-1 ring-ink/10"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span>{suggestion.text}</span>
        <a
          href={localisedPath(suggestion.locale, splitLocalePath(pathname).path)}
          hrefLang={htmlLang}
          className="font-semibold text-brand"
          onClick={() => rememberLocale(suggestion.locale)}
        >
          {name}
        </a>
        <button
          type="button"
          onClick={dismiss}
          aria-label={site.language.dismiss}
          lang={LOCALES[locale].htmlLang}
          className="icon-btn absolute right-1 top-1 h-9 w-9 text-ink hover:bg-ink/10"
        >
          <span aria-hidden="true" className="i-lucide-x" />
        </button>
      </div>
    </aside>
  );
}
