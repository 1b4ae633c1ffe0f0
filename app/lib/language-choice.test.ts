import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../../contract/locales';
import { LOCALISED_ROUTE_PATHS } from '../../contract/routes';
import { STORAGE_KEYS } from '../config/storage-keys';
import { chosenLocale, linkInLanguage, rememberLocale, returnTo, samePageIn } from './language-choice';

const ORIGIN = 'https://teratai-wealth.example';

/** Paths of no page: typos, and addresses that read as another site's once a prefix is taken off. */
const UNKNOWN_PATHS = [
  '/no-such-page',
  '/ms/no-such-page',
  '/ms//evil.example/login',
  '/zh//evil.example',
  '//evil.example/login',
  '/ms/\\evil.example',
  '/ms//about',
  '/404',
];

function memoryStorage() {
  const entries = new Map<string, string>();
  return {
    getItem: (key: string) => entries.get(key) ?? null,
    setItem: (key: string, value: string) => void entries.set(key, value),
    entries,
  };
}

describe('the remembered choice', () => {
  it('is kept under the storage key, and only a language of the site counts', () => {
    const storage = memoryStorage();
    expect(chosenLocale(storage)).toBeNull();
    rememberLocale('ms', storage);
    expect(storage.entries.get(STORAGE_KEYS.locale)).toBe('ms');
    expect(chosenLocale(storage)).toBe('ms');
    storage.setItem(STORAGE_KEYS.locale, '//evil.example');
    expect(chosenLocale(storage)).toBeNull();
  });
});

describe('samePageIn', () => {
  it('gives the same page in another language, at its own path', () => {
    expect(samePageIn('ms', '/about')).toBe('/ms/about');
    expect(samePageIn('en', '/zh/contact/')).toBe('/contact');
    expect(samePageIn('zh', '/ms')).toBe('/zh/');
  });

  it('gives nothing for a path the site has no page for', () => {
    for (const pathname of UNKNOWN_PATHS) for (const locale of LOCALE_CODES) expect(samePageIn(locale, pathname), pathname).toBeNull();
  });
});

describe('linkInLanguage', () => {
  it('leads from any path to one of the site’s own pages: the same one, or the home page', () => {
    expect(linkInLanguage('ms', '/services')).toBe('/ms/services');
    expect(linkInLanguage('en', '/ms//evil.example/login')).toBe('/');
    expect(linkInLanguage('zh', '//evil.example')).toBe('/zh/');
    for (const pathname of [...UNKNOWN_PATHS, ...LOCALISED_ROUTE_PATHS]) {
      for (const locale of LOCALE_CODES) expect(LOCALISED_ROUTE_PATHS, `${locale} ${pathname}`).toContain(linkInLanguage(locale, pathname));
    }
  });
});

describe('returnTo', () => {
  it('sends a visitor from elsewhere to the same page in the language they chose', () => {
    expect(returnTo('ms', '/services', '', ORIGIN)).toBe('/ms/services');
    expect(returnTo('en', '/zh/about/', 'https://search.example/?q=teratai', ORIGIN)).toBe('/about');
  });

  it('leaves them where they are with no choice, on a page in their language, or coming from the site itself', () => {
    expect(returnTo(null, '/services', '', ORIGIN)).toBeNull();
    expect(returnTo('ms', '/ms/services', '', ORIGIN)).toBeNull();
    expect(returnTo('ms', '/services', `${ORIGIN}/ms/services`, ORIGIN)).toBeNull();
  });

  it('never sends anyone from a 404 page, whatever its path looks like', () => {
    for (const pathname of UNKNOWN_PATHS)
      for (const locale of LOCALE_CODES) expect(returnTo(locale, pathname, '', ORIGIN), pathname).toBeNull();
  });
});
