import { readSiteUrl } from '../../config/site-url.mjs';
import { localisedPath } from '../../contract/locales';
import { APP_ROUTE_PATHS, ROUTE_PATHS } from '../../contract/routes';
import { expect, test } from './fixtures';

/** Each route's prerendered HTML must carry these, with no JavaScript run. */
const PAGES = [
  {
    path: ROUTE_PATHS.home,
    h1: 'Grow, protect and pass on your wealth with confidence',
    title: 'Teratai Wealth | Professional Investment &amp; Financial Services',
    description: 'Trusted by 1000+ clients since 2018.',
  },
  {
    path: ROUTE_PATHS.about,
    h1: 'Trusted wealth advisers since 2018',
    title: 'About Us | Teratai Wealth',
    description: 'Established in 2018',
  },
  {
    path: ROUTE_PATHS.services,
    h1: 'Everything your wealth needs, in one place',
    title: 'Our Services | Teratai Wealth',
    description: 'personalised planning, tax optimisation',
  },
  {
    path: ROUTE_PATHS.portfolio,
    h1: 'Track Records &amp; Portfolio',
    title: 'Track Records &amp; Portfolio | Teratai Wealth',
    description: 'how each figure is measured',
  },
  { path: ROUTE_PATHS.contact, h1: 'Contact Our Team', title: 'Contact Us | Teratai Wealth', description: 'Response within 24 hours' },
  {
    path: ROUTE_PATHS.privacy,
    h1: 'Personal Data Protection Notice',
    title: 'Personal Data Protection Notice | Teratai Wealth',
    description: 'In English and Bahasa Malaysia.',
  },
  {
    path: ROUTE_PATHS.terms,
    h1: 'Terms of Use and Disclaimer',
    title: 'Terms of Use and Disclaimer | Teratai Wealth',
    description: 'general information, not personal advice',
  },
  {
    path: ROUTE_PATHS.verify,
    h1: 'Is this really Teratai Wealth?',
    title: 'How to Recognise Us | Teratai Wealth',
    description: 'our only official channels',
  },
] as const;

const SITE_URL = readSiteUrl();

/** The one element with `attribute="value"` in `html`, e.g. the meta named description. */
function tagWith(html: string, tag: string, attribute: string, value: string): string {
  const tags = (html.match(new RegExp(`<${tag}\\b[^>]*>`, 'g')) ?? []).filter((t) => t.includes(`${attribute}="${value}"`));
  expect(tags, `<${tag} ${attribute}="${value}">`).toHaveLength(1);
  return tags[0]!;
}

function contentOf(tag: string): string {
  return /\b(?:content|href)="([^"]*)"/.exec(tag)?.[1] ?? '';
}

function jsonLdOf(html: string): Record<string, unknown> {
  const block = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  expect(block, 'a JSON-LD block').not.toBeNull();
  return JSON.parse(block![1]!) as Record<string, unknown>;
}

test.describe('prerendered HTML, fetched without a browser', () => {
  for (const page of PAGES) {
    test(`${page.path} holds its content, title, description, canonical, share tags and JSON-LD`, async ({ request }) => {
      const response = await request.get(page.path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const head = html.slice(0, html.indexOf('</head>'));

      expect(html).toMatch(/<html lang="en">/);
      expect(html).toContain(`<h1 class="`);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${page.h1.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
      expect(head.match(/<title>/g)).toHaveLength(1);
      expect(head).toContain(`<title>${page.title}</title>`);

      const description = contentOf(tagWith(head, 'meta', 'name', 'description'));
      expect(description).toContain(page.description);
      expect(contentOf(tagWith(head, 'link', 'rel', 'canonical'))).toBe(`${SITE_URL}${page.path}`);
      expect(contentOf(tagWith(head, 'meta', 'property', 'og:url'))).toBe(`${SITE_URL}${page.path}`);
      expect(contentOf(tagWith(head, 'meta', 'property', 'og:title'))).toBe(page.title);
      expect(contentOf(tagWith(head, 'meta', 'property', 'og:image'))).toBe(`${SITE_URL}/og-share.png`);
      expect(contentOf(tagWith(head, 'meta', 'name', 'twitter:card'))).toBe('summary_large_image');
      expect(contentOf(tagWith(head, 'meta', 'name', 'twitter:image'))).toBe(`${SITE_URL}/og-share.png`);

      const graph = jsonLdOf(head)['@graph'] as Record<string, unknown>[];
      expect(graph.map((node) => node['@type'])).toEqual(['FinancialService', 'WebPage']);
      const [firm, webPage] = graph as [Record<string, unknown>, Record<string, unknown>];
      // schema.org defines inLanguage on the page, not on the organisation.
      expect(firm).not.toHaveProperty('inLanguage');
      expect(webPage).toEqual({
        '@type': 'WebPage',
        '@id': `${SITE_URL}${page.path}#webpage`,
        url: `${SITE_URL}${page.path}`,
        inLanguage: 'en',
        publisher: { '@id': `${SITE_URL}/#organization` },
      });
      expect(firm['@id']).toBe(`${SITE_URL}/#organization`);
      expect(firm.name).toBe('Teratai Wealth');
      expect(firm.address).toMatchObject({ addressLocality: 'Puchong', addressRegion: 'Selangor', addressCountry: 'MY' });
      expect(firm.contactPoint).toMatchObject({ email: 'hello@teratai-wealth.example', telephone: '+60 12-345 6789' });
      expect(firm.openingHoursSpecification).toEqual([
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
          opens: '09:00',
          closes: '18:00',
        },
      ]);
      expect(firm.sameAs).toEqual([expect.stringContaining('facebook.com'), expect.stringContaining('instagram.com')]);
      // Hydration is told which path the HTML was made for; no inline script (the CSP allows none) came with it.
      expect(html).toContain(`<div id="root" hidden data-prerendered="${page.path}">`);
      // Class names went through UnoCSS's variant-group transformer as in the browser build
      // (`focus:(a b)` → `focus:a focus:b`); hydration never patches a different class attribute.
      expect(html).not.toMatch(/class="[^"]*:\(/);
      expect(html).not.toMatch(/<script(?![^>]*(?:type="module"|type="application\/ld\+json"))[^>]*>/);
    });
  }

  test('titles and descriptions differ from page to page', async ({ request }) => {
    const heads = await Promise.all(PAGES.map(async (page) => (await (await request.get(page.path)).text()).split('</head>')[0]!));
    const titles = heads.map((head) => /<title>([^<]*)<\/title>/.exec(head)?.[1]);
    const descriptions = heads.map((head) => contentOf(tagWith(head, 'meta', 'name', 'description')));
    expect(new Set(titles).size).toBe(PAGES.length);
    expect(new Set(descriptions).size).toBe(PAGES.length);
  });

  test('an unknown path gets the prerendered 404 page with status 404, not indexed', async ({ request }) => {
    const response = await request.get('/no-such-page');
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain('<title>404 Page Not Found | Teratai Wealth</title>');
    expect(html).toMatch(/<h1[^>]*>404 Page Not Found<\/h1>/);
    expect(html).toContain('Did you forget to add the page to the router?');
    expect(tagWith(html, 'meta', 'name', 'robots')).toContain('content="noindex"');
    expect(html).not.toContain('rel="canonical"');
    // A page with no address of its own: its language and publisher, no URL.
    expect((jsonLdOf(html)['@graph'] as unknown[])[1]).toEqual({
      '@type': 'WebPage',
      inLanguage: 'en',
      publisher: { '@id': `${SITE_URL}/#organization` },
    });
  });

  test('sitemap.xml lists the routes in every language, legal pages included, at SITE_URL, each with its alternates', async ({
    request,
  }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    const xml = await response.text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(APP_ROUTE_PATHS.flatMap((path) => [path, `/ms${path}`, `/zh${path}`]).map((path) => `${SITE_URL}${path}`));
    const malayAbout = xml.split('\n').find((line) => line.includes(`<loc>${SITE_URL}${localisedPath('ms', ROUTE_PATHS.about)}</loc>`))!;
    for (const [hreflang, path] of [
      ['en', ROUTE_PATHS.about],
      ['ms', localisedPath('ms', ROUTE_PATHS.about)],
      ['zh-Hans', localisedPath('zh', ROUTE_PATHS.about)],
      ['x-default', ROUTE_PATHS.about],
    ]) {
      expect(malayAbout).toContain(`<xhtml:link rel="alternate" hreflang="${hreflang}" href="${SITE_URL}${path}"/>`);
    }
  });

  test('robots.txt allows the site, keeps crawlers off the API and names the sitemap', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const robots = await response.text();
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Allow: \/$/m);
    expect(robots).toMatch(/^Disallow: \/api\/$/m);
    expect(robots).toMatch(new RegExp(`^Sitemap: ${SITE_URL}/sitemap\\.xml$`, 'm'));
  });

  test('the share image is a 1200x630 PNG', async ({ request }) => {
    const response = await request.get('/og-share.png');
    expect(response.status()).toBe(200);
    const png = await response.body();
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the prerendered page is shown, without the loading screen', async ({ page }) => {
    await page.goto(ROUTE_PATHS.services);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Everything your wealth needs, in one place');
    await expect(page.getByText('Financial Consulting')).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.locator('#loading-screen')).toBeHidden();
  });
});
