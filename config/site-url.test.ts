import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { robotsTxt } from '../scripts/site-documents';
import { DEFAULT_SITE_URL, readSiteUrl, siteUrlChange } from './site-url.mjs';

describe('readSiteUrl', () => {
  it('is the default without SITE_URL, and drops a trailing slash', () => {
    expect(readSiteUrl({})).toBe(DEFAULT_SITE_URL);
    expect(readSiteUrl({ SITE_URL: ' https://www.example.com/ ' })).toBe('https://www.example.com');
    expect(readSiteUrl({ SITE_URL: 'https://example.com/site/' })).toBe('https://example.com/site');
  });

  it('refuses what is not an http(s) address with a sentence', () => {
    expect(() => readSiteUrl({ SITE_URL: 'www.example.com' })).toThrow('SITE_URL must be an absolute http(s) URL');
    expect(() => readSiteUrl({ SITE_URL: 'ftp://example.com' })).toThrow('SITE_URL must use http or https');
    expect(() => readSiteUrl({ SITE_URL: 'https://example.com/?a=1' })).toThrow('SITE_URL takes no query or fragment');
  });
});

describe('siteUrlChange: npm start rebuilds a site built for another address', () => {
  let distDir: string;
  beforeEach(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'site-url-'));
  });
  afterEach(() => rm(distDir, { recursive: true, force: true }));

  it('is null when the build is for the address SITE_URL names', async () => {
    await writeFile(path.join(distDir, 'robots.txt'), robotsTxt('https://www.example.com'));
    expect(siteUrlChange(distDir, { SITE_URL: 'https://www.example.com/' })).toBeNull();
    await writeFile(path.join(distDir, 'robots.txt'), robotsTxt(DEFAULT_SITE_URL));
    expect(siteUrlChange(distDir, {})).toBeNull();
  });

  it('names both addresses when they differ', async () => {
    await writeFile(path.join(distDir, 'robots.txt'), robotsTxt(DEFAULT_SITE_URL));
    expect(siteUrlChange(distDir, { SITE_URL: 'https://www.example.com' })).toBe(
      `it was built for ${DEFAULT_SITE_URL}, and SITE_URL is https://www.example.com`,
    );
  });

  it('asks for a build when the built site has no robots.txt', () => {
    expect(siteUrlChange(distDir, {})).toBe(`it was built for an unknown address, and SITE_URL is ${DEFAULT_SITE_URL}`);
  });
});
