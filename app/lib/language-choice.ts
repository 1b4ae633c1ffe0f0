/**
 * The language the visitor chose with the switcher, kept in localStorage. A
 * choice is only ever made by a person; a crawler has none, so nothing here
 * ever sends a crawler elsewhere. No storage (private mode, blocked) means no
 * choice, never an error.
 */
import { isLocale, type Locale, localisedPath } from '../../contract/locales';
import { parseRoutePath, ROUTE_PATHS } from '../../contract/routes';
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
 * The page at `pathname` in `locale`: one of the site's own pages
 * (LOCALISED_ROUTE_PATHS), or null for a path the site has no page for (a
 * 404), whatever that path looks like.
 */
export function samePageIn(locale: Locale, pathname: string): string | null {
  const { route } = parseRoutePath(pathname);
  return route === undefined ? null : localisedPath(locale, route);
}

/** Where a link to the site in `locale` leads from `pathname`: the same page, or from a 404 page that language's home page. */
export function linkInLanguage(locale: Locale, pathname: string): string {
  return samePageIn(locale, pathname) ?? localisedPath(locale, ROUTE_PATHS.home);
}

/**
 * Where a visitor who chose a language goes when they come to the site from
 * elsewhere (a bookmark, a search result, the installed app's start page) on
 * a page in another language: the same page in their language. Null when they
 * stay: no choice, the page is already in it, they came from the site itself
 * (they followed a link here on purpose), or the path is no page of the site
 * (a 404 page never sends anyone anywhere).
 */
export function returnTo(choice: Locale | null, pathname: string, referrer: string, origin: string): string | null {
  if (choice === null || choice === parseRoutePath(pathname).locale) return null;
  if (referrer.startsWith(`${origin}/`)) return null;
  return samePageIn(choice, pathname);
}
