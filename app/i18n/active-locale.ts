/**
 * The page's language, fixed for the page's life: it comes from the path
 * (/ms/… is Malay), and switching language loads the other language's page.
 * Set once before the app renders (main.tsx, and the prerenderer for each
 * page), then read by components and by the modules that show notifications.
 */
import type { Translate } from '../../contract/i18n';
import { type Locale, LOCALES } from '../../contract/locales';
import type { SITE } from '../content/locales/en/site';
import { type CopiedPage, type PageCopies, pageCopyIn } from './page-copy';
import type { Translation } from './translation';

export type SiteCopy = Translation<typeof SITE>;

export interface ActiveLocale {
  readonly locale: Locale;
  /** `<html lang>` and hreflang of the language. */
  readonly htmlLang: string;
  /** What every page shows around its content (app/content/locales/<code>/site.ts). */
  readonly site: SiteCopy;
}

const SITE_COPIES = import.meta.glob<{ SITE: SiteCopy }>('../content/locales/*/site.ts');

let active: ActiveLocale | undefined;
const translators = new Map<Locale, Translate>();

async function loadSiteCopy(locale: Locale): Promise<SiteCopy> {
  const load = SITE_COPIES[`../content/locales/${locale}/site.ts`];
  if (!load) throw new Error(`No site copy in ${locale}: app/content/locales/${locale}/site.ts`);
  return (await load()).SITE;
}

/** Loads `locale`'s site copy and makes it the page's language. */
export async function activateLocale(locale: Locale): Promise<ActiveLocale> {
  active = { locale, htmlLang: LOCALES[locale].htmlLang, site: await loadSiteCopy(locale) };
  return active;
}

/**
 * Loads `locale`'s messages (contract/messages/, through Lingui). Only the
 * contact form and the notifications speak them: the contact page loads them
 * with itself, the notifications before they show, and every other page's
 * first JavaScript goes without them.
 */
export async function loadMessages(locale: Locale): Promise<Translate> {
  let translate = translators.get(locale);
  if (!translate) {
    const { loadCatalogue, translatorFor } = await import('../../contract/i18n');
    translate = translatorFor(locale, await loadCatalogue(locale));
    translators.set(locale, translate);
  }
  return translate;
}

/** The page's language's messages, once loadMessages has loaded them. */
export function messages(): Translate {
  const translate = translators.get(activeLocale().locale);
  if (!translate) throw new Error('loadMessages() must run before the messages are shown');
  return translate;
}

/** The page's language; the app renders only after activateLocale. */
export function activeLocale(): ActiveLocale {
  if (!active) throw new Error('activateLocale() must run before the app renders');
  return active;
}

/** A page's copy in the page's language; the page's loader has loaded it before the page renders. */
export function pageCopy<P extends CopiedPage>(page: P): PageCopies[P] {
  return pageCopyIn(activeLocale().locale, page);
}
