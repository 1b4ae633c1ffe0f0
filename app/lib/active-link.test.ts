import { describe, expect, it } from 'vitest';
import { isNavLinkActive } from './active-link';

describe('isNavLinkActive', () => {
  it('marks Home only on exactly /', () => {
    expect(isNavLinkActive('/', '/')).toBe(true);
    expect(isNavLinkActive('/', '/about')).toBe(false);
    expect(isNavLinkActive('/', '/unknown')).toBe(false);
  });

  it('marks other links on their own path', () => {
    expect(isNavLinkActive('/about', '/about')).toBe(true);
    expect(isNavLinkActive('/contact', '/about')).toBe(false);
  });

  it('marks other links on a path below theirs', () => {
    expect(isNavLinkActive('/services', '/services/wealth')).toBe(true);
    expect(isNavLinkActive('/about', '/about/')).toBe(true);
  });

  it('does not match a path that merely starts with the same letters', () => {
    expect(isNavLinkActive('/about', '/aboutus')).toBe(false);
  });
});
