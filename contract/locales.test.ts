import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, localisedPath, splitLocalePath } from './locales';

const SITE = 'https://teratai-wealth.example';

/** Paths that a browser, or a careless join, reads as another site's address. */
const HOSTILE_PATHS = [
  '//evil.example/login',
  '/\\evil.example/login',
  '\\/evil.example',
  '\\\\evil.example',
  '///evil.example',
  '/\t/evil.example',
  '/\n\\evil.example',
  '//',
];

/** What `path` names when a page of the site links to it or is sent to it. */
const originOf = (path: string) => new URL(path, `${SITE}/about`).origin;

describe('splitLocalePath', () => {
  it('takes the language prefix off a path', () => {
    expect(splitLocalePath('/ms/about')).toEqual({ locale: 'ms', path: '/about' });
    expect(splitLocalePath('/zh')).toEqual({ locale: 'zh', path: '/' });
    expect(splitLocalePath('/about')).toEqual({ locale: 'en', path: '/about' });
    expect(splitLocalePath('/fr/about')).toEqual({ locale: 'en', path: '/fr/about' });
  });

  it('never gives a path that leads off the site, with or without a prefix', () => {
    expect(splitLocalePath('/ms//evil.example/login')).toEqual({ locale: 'ms', path: '/%2Fevil.example/login' });
    expect(splitLocalePath('/zh/\\evil.example')).toEqual({ locale: 'zh', path: '/%5Cevil.example' });
    for (const hostile of HOSTILE_PATHS) {
      for (const pathname of [hostile, ...LOCALE_CODES.map((code) => `/${code}${hostile}`)]) {
        const { path } = splitLocalePath(pathname);
        expect(path, JSON.stringify(pathname)).not.toMatch(/^[/\\][/\\]/);
        expect(originOf(path), JSON.stringify(pathname)).toBe(SITE);
      }
    }
  });
});

describe('localisedPath', () => {
  it('puts a path in a language', () => {
    expect(localisedPath('en', '/about')).toBe('/about');
    expect(localisedPath('ms', '/about')).toBe('/ms/about');
    expect(localisedPath('zh', '/')).toBe('/zh/');
  });

  it('never gives a path that leads off the site, in any language', () => {
    expect(localisedPath('en', '//evil.example/login')).toBe('/%2Fevil.example/login');
    for (const hostile of HOSTILE_PATHS) {
      for (const locale of LOCALE_CODES) {
        const path = localisedPath(locale, hostile);
        expect(path, `${locale} ${JSON.stringify(hostile)}`).not.toMatch(/^[/\\][/\\]/);
        expect(originOf(path), `${locale} ${JSON.stringify(hostile)}`).toBe(SITE);
      }
    }
  });
});
