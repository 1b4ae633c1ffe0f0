import { describe, expect, it } from 'vitest';
import {
  APP_ROUTE_PATHS,
  isAppRoute,
  LOCALISED_ROUTE_PATHS,
  normaliseRoutePath,
  notFoundPageFile,
  notFoundPath,
  parseRoutePath,
  routePageFile,
} from './routes';

describe('normaliseRoutePath', () => {
  it('drops trailing slashes but keeps the root', () => {
    expect(normaliseRoutePath('/about/')).toBe('/about');
    expect(normaliseRoutePath('/about//')).toBe('/about');
    expect(normaliseRoutePath('/')).toBe('/');
  });

  // A regex that trims /+$ retries from every slash of a run that is not at the end: quadratic,
  // 10 s of blocked service for this path. The service refuses long paths, but the page and the
  // prerenderer call this too.
  it('takes time in proportion to the path, however many slashes it holds', () => {
    const slashes = '/'.repeat(100_000);
    const started = performance.now();
    expect(normaliseRoutePath(`/a${slashes}b`)).toBe(`/a${slashes}b`);
    expect(isAppRoute(`/a${slashes}b${slashes}`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('isAppRoute', () => {
  it('knows the spec routes, with or without a trailing slash, and nothing else', () => {
    expect(isAppRoute('/contact')).toBe(true);
    expect(isAppRoute('/contact/')).toBe(true);
    expect(isAppRoute('/contact/x')).toBe(false);
    expect(isAppRoute('/404')).toBe(false);
  });

  it('knows them in every language, under /ms/ and /zh/', () => {
    expect(isAppRoute('/ms')).toBe(true);
    expect(isAppRoute('/ms/')).toBe(true);
    expect(isAppRoute('/ms/contact')).toBe(true);
    expect(isAppRoute('/zh/about/')).toBe(true);
    expect(isAppRoute('/zh/privacy')).toBe(true);
  });

  it('refuses a language the site does not have, the default language as a prefix, and unknown pages', () => {
    expect(isAppRoute('/fr/about')).toBe(false);
    expect(isAppRoute('/en/about')).toBe(false);
    expect(isAppRoute('/ms/404')).toBe(false);
    expect(isAppRoute('/ms/ms/about')).toBe(false);
    expect(isAppRoute('/msabout')).toBe(false);
  });
});

describe('parseRoutePath', () => {
  it('splits a path into its language and the route it names', () => {
    expect(parseRoutePath('/about')).toEqual({ locale: 'en', route: '/about' });
    expect(parseRoutePath('/ms/about/')).toEqual({ locale: 'ms', route: '/about' });
    expect(parseRoutePath('/zh')).toEqual({ locale: 'zh', route: '/' });
    expect(parseRoutePath('/zh/nowhere')).toEqual({ locale: 'zh', route: undefined });
  });
});

describe('LOCALISED_ROUTE_PATHS', () => {
  it('holds every route once per language', () => {
    expect(LOCALISED_ROUTE_PATHS).toHaveLength(APP_ROUTE_PATHS.length * 3);
    expect(LOCALISED_ROUTE_PATHS).toContain('/about');
    expect(LOCALISED_ROUTE_PATHS).toContain('/ms/');
    expect(LOCALISED_ROUTE_PATHS).toContain('/zh/contact');
    for (const path of LOCALISED_ROUTE_PATHS) expect(isAppRoute(path), path).toBe(true);
  });
});

describe('the 404 page of each language', () => {
  it('is prerendered at a path that is no route', () => {
    expect(notFoundPath('en')).toBe('/404');
    expect(notFoundPath('ms')).toBe('/ms/404');
    for (const locale of ['en', 'ms', 'zh'] as const) expect(isAppRoute(notFoundPath(locale))).toBe(false);
  });

  it('is found by the language of the unknown path', () => {
    expect(notFoundPageFile('/nowhere')).toBe('404.html');
    expect(notFoundPageFile('/ms/nowhere/at/all')).toBe('ms/404.html');
    expect(notFoundPageFile('/zh/')).toBe('zh/404.html');
    expect(notFoundPageFile('/fr/about')).toBe('404.html');
  });
});

describe('routePageFile', () => {
  it('names the prerendered file of each route', () => {
    expect(routePageFile('/')).toBe('index.html');
    expect(routePageFile('/about')).toBe('about/index.html');
    expect(routePageFile('/about/')).toBe('about/index.html');
    expect(routePageFile('/ms/')).toBe('ms/index.html');
    expect(routePageFile('/zh/about')).toBe('zh/about/index.html');
  });
});
