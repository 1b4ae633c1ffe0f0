import { describe, expect, it } from 'vitest';
import { fillTemplate, jsonLdScript, robotsTxt, sitemapXml, splitHoistedHead } from './site-documents';

describe('splitHoistedHead', () => {
  it("moves React's leading title, meta and link tags to the head and keeps the markup", () => {
    const html =
      '<title>About | TW</title><meta name="description" content="a &amp; b"/><link rel="canonical" href="https://x.example/about"/>' +
      '<div class="flex"><header>x</header><main><title>not hoisted</title></main></div>';
    const { head, body } = splitHoistedHead(html);
    expect(head.split('\n').map((tag) => tag.trim())).toEqual([
      '<title>About | TW</title>',
      '<meta name="description" content="a &amp; b"/>',
      '<link rel="canonical" href="https://x.example/about"/>',
    ]);
    expect(body).toBe('<div class="flex"><header>x</header><main><title>not hoisted</title></main></div>');
  });

  it('leaves markup without hoisted tags alone', () => {
    expect(splitHoistedHead('<div>x</div>')).toEqual({ head: '', body: '<div>x</div>' });
  });
});

describe('jsonLdScript', () => {
  it('escapes < so the data cannot end the script element', () => {
    expect(jsonLdScript({ name: '</script><script>alert(1)</script>' })).toBe(
      '<script type="application/ld+json">{"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}</script>',
    );
  });
});

describe('fillTemplate', () => {
  const template =
    '<html lang="en"><head>\n<!--app-head-->\n</head><body><!--loading-screen--><div id="root" hidden><!--app-html--></div></body></html>';
  const page = {
    head: '<title>$& x</title>',
    body: '<main>$1</main>',
    prerenderedPath: '/ms/about',
    lang: 'ms',
    loadingScreen: '<p>$1</p>',
  };

  it("fills the head, the loading screen and the root, naming the prerendered path, in the page's language", () => {
    expect(fillTemplate(template, page)).toBe(
      '<html lang="ms"><head>\n<title>$& x</title>\n</head><body><p>$1</p><div id="root" hidden data-prerendered="/ms/about"><main>$1</main></div></body></html>',
    );
  });

  it('refuses a template without the marks', () => {
    expect(() => fillTemplate('<div id="root"></div>', page)).toThrow(/app-head/);
  });
});

describe('sitemapXml', () => {
  const languages = [
    { hreflang: 'en', path: (route: string) => route },
    { hreflang: 'ms', path: (route: string) => `/ms${route}` },
  ];

  it('lists each route in each language under the site URL', () => {
    const xml = sitemapXml('https://www.example.com', ['/', '/about'], languages);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([
      'https://www.example.com/',
      'https://www.example.com/ms/',
      'https://www.example.com/about',
      'https://www.example.com/ms/about',
    ]);
  });

  it('gives every entry all its versions and an x-default', () => {
    const xml = sitemapXml('https://www.example.com', ['/about'], languages);
    const entry = xml.split('\n').find((line) => line.includes('<loc>https://www.example.com/ms/about</loc>'))!;
    expect(entry).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://www.example.com/about"/>');
    expect(entry).toContain('<xhtml:link rel="alternate" hreflang="ms" href="https://www.example.com/ms/about"/>');
    expect(entry).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://www.example.com/about"/>');
  });
});

describe('robotsTxt', () => {
  it('allows the site, disallows the API and points at the sitemap', () => {
    expect(robotsTxt('https://www.example.com')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: https://www.example.com/sitemap.xml\n',
    );
  });
});
