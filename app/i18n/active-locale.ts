/**
 * The page's language, fixed for the page's life: it comes from the path
 * (/ms/… is Malay), and switching language loads the other language's page.
 * Set once before the app renders (main.tsx, and the prerenderer for each
 * page), then read by components and by the modules that show notifications.
 */
import { type Catalogue, loadCatalogue, type Translate, translatorFor } from '../../contract/i18n';
import { type Locale, LOCALES } from '../../contract/locales';

export interface ActiveLocale {
  readonly locale: Locale;
  /** `<html lang>` and hreflang of the language. */
  readonly htmlLang: string;
  readonly t: Translate;
}

let active: ActiveLocale | undefined;

/** Loads `locale`'s messages and makes it the page's language. */
export async function activateLocale(locale: Locale): Promise<ActiveLocale> {
  const catalogue: Catalogue = await loadCatalogue(locale);
  active = { locale, htmlLang: LOCALES[locale].htmlLang, t: translatorFor(locale, catalogue) };
  return active;
}

/** The page's language; the app renders only after activateLocale. */
export function activeLocale(): ActiveLocale {
  if (!active) throw new Error('activateLocale() must run before the app renders');
  return active;
}
