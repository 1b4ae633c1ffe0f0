/**
 * The site's languages: one entry each. Adding a language means adding an
 * entry here and its catalogues (contract/messages/<code>.ts and
 * app/content/locales/<code>/); the routes, the prerenderer, the sitemap, the
 * switcher and the service read this table.
 */
export const LOCALES = {
  en: {
    /** `<html lang>` and the hreflang of its pages (BCP 47). */
    htmlLang: 'en',
    /** The name of the language in itself, for the switcher. */
    name: 'English',
    /** In the language itself: offered on a page in another language to a visitor whose browser prefers this one. */
    offer: 'This site is also in English.',
    /** The locale Intl formats numbers and dates with. */
    intl: 'en-MY',
    ogLocale: 'en_MY',
  },
  ms: {
    htmlLang: 'ms',
    name: 'Bahasa Malaysia',
    offer: 'Laman web ini juga tersedia dalam Bahasa Malaysia.',
    intl: 'ms-MY',
    ogLocale: 'ms_MY',
  },
  zh: { htmlLang: 'zh-Hans', name: '简体中文', offer: '本网站也提供简体中文版。', intl: 'zh-Hans-MY', ogLocale: 'zh_CN' },
} as const satisfies Record<string, { htmlLang: string; name: string; offer: string; intl: string; ogLocale: string }>;

export type Locale = keyof typeof LOCALES;

/** The language of the spec's own paths (`/about`); every other language lives under `/<code>/`. */
export const DEFAULT_LOCALE: Locale = 'en';

export const LOCALE_CODES = Object.keys(LOCALES) as readonly Locale[];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(LOCALES, value);
}

/**
 * `path`, kept on this site. A browser reads an address that starts with two
 * slashes or backslashes, in any mix (tabs and line breaks between them are
 * dropped), as another site's: /ms//evil.example/login less its prefix would
 * be one. Those after the first are percent-encoded, which names the same
 * (unknown) path of this site.
 */
function onThisSite(path: string): string {
  return path.replace(/^[/\\][/\\\t\n\r]+/, (run) => `/${encodeURIComponent(run.slice(1))}`);
}

/** The language a path is in, and the path with its language prefix taken off: /ms/about → ms, /about. */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const match = /^\/([a-z]{2,3})(\/.*)?$/.exec(pathname);
  if (match && match[1] !== DEFAULT_LOCALE && isLocale(match[1])) return { locale: match[1], path: onThisSite(match[2] || '/') };
  return { locale: DEFAULT_LOCALE, path: onThisSite(pathname) };
}

/** A path of the default language in `locale`: /about → /ms/about, / → /ms/. */
export function localisedPath(locale: Locale, path: string): string {
  return locale === DEFAULT_LOCALE ? onThisSite(path) : `/${locale}${path}`;
}

/**
 * The visitor's language from an Accept-Language header: the first listed
 * language (by q-value) that the site has, by its primary subtag (ms-MY → ms,
 * zh-CN and zh-Hans → zh); the default language when none is.
 */
export function negotiateLocale(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { primary: range.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.primary).find(isLocale) ?? DEFAULT_LOCALE;
}
