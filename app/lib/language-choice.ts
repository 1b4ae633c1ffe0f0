/**
 * The language the visitor chose with the switcher, kept in localStorage. A
 * choice is only ever made by a person; a crawler has none, so nothing here
 * ever sends a crawler elsewhere. No storage (private mode, blocked) means no
 * choice, never an error.
 */
import { isLocale, type Locale } from '../../contract/locales';
import { STORAGE_KEYS } from '../config/storage-keys';

export function chosenLocale(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Locale | null {
  try {
    const value = storage?.getItem(STORAGE_KEYS.locale);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberLocale(locale: Locale, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(STORAGE_KEYS.locale, locale);
  } catch {
    // Not remembered: the switcher still works, the next visit just starts where its link leads.
  }
}

/**
 * Where a visitor who chose a language goes when they come to the site from
 * elsewhere (a bookmark, a search result, the installed app's start page) on
 * a page in another language: the same page in their language. Null when they
 * stay: no choice, the page is already in it, or they came from the site
 * itself (they followed a link here on purpose).
 */
export function returnTo(
  choice: Locale | null,
  page: { locale: Locale; path: string },
  referrer: string,
  origin: string,
  localised: (locale: Locale, path: string) => string,
): string | null {
  if (choice === null || choice === page.locale) return null;
  if (referrer.startsWith(`${origin}/`)) return null;
  return localised(choice, page.path);
}
