import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { type Locale, LOCALES, negotiateLocale } from '../../../contract/locales';
import { activeLocale } from '../../i18n/active-locale';
import { chosenLocale, linkInLanguage, rememberLocale } from '../../lib/language-choice';

/** The site's language the browser prefers, when the visitor has chosen none and the page is in another. */
function offeredLocale(pageLocale: Locale): Locale | null {
  if (chosenLocale() !== null) return null;
  const preferred = negotiateLocale(navigator.languages.join(','));
  return preferred === pageLocale ? null : preferred;
}

/**
 * On a first visit, a one-line offer of the site in the browser's language
 * when the page is in another: an offer, never a redirect. It goes once the
 * visitor picks a language here or in the switcher, or dismisses it (which
 * keeps the page's language as their choice). It renders with the rest of the
 * floating dock (client only), so its arrival moves nothing. On a 404 page
 * it offers that language's home page, as the switcher does.
 */
export function LanguageSuggestion() {
  const { locale, site } = activeLocale();
  const { pathname } = useLocation();
  const [offered, setOffered] = useState(() => offeredLocale(locale));

  if (offered === null) return null;
  const { htmlLang, name, offer } = LOCALES[offered];
  const dismiss = () => {
    rememberLocale(locale);
    setOffered(null);
  };
  return (
    <aside
      aria-label={site.language.label}
      lang={htmlLang}
      className="pointer-events-auto relative w-full rounded-2xl bg-accent-light p-4 pr-12 text-ink shadow-2xl ring-1 ring-ink/10"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span>{offer}</span>
        <a
          href={linkInLanguage(offered, pathname)}
          hrefLang={htmlLang}
          className="font-semibold text-brand"
          onClick={() => rememberLocale(offered)}
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
