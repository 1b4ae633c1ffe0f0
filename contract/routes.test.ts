import { describe, expect, it } from 'vitest';
import { isAppRoute, normaliseRoutePath, routePageFile } from './routes';

describe('normaliseRoutePath', () => {
  it('drops trailing slashes but keeps the root', () => {
    expect(normaliseRoutePath('/about/')).toBe('/about');
    expect(normaliseRoutePath('/about//')).toBe('/about');
    expect(normaliseRoutePath('/')).toBe('/');
  });
});

describe('isAppRoute', () => {
  it('knows the spec routes, with or without a trailing slash, and nothing else', () => {
    expect(isAppRoute('/contact')).toBe(true);
    expect(isAppRoute('/contact/')).toBe(true);
    expect(isAppRoute('/contact/x')).toBe(false);
    expect(isAppRoute('/404')).toBe(false);
  });
});

describe('routePageFile', () => {
  it('names the prerendered file of each route', () => {
    expect(routePageFile('/')).toBe('index.html');
    expect(routePageFile('/about')).toBe('about/index.html');
    expect(routePageFile('/about/')).toBe('about/index.html');
  });
});
