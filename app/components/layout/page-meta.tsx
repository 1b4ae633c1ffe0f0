import { BRAND } from '../../content/brand';
import { absoluteUrl, OG_LOCALE, PAGE_META, type PageKey, SHARE_IMAGE } from '../../content/seo';

const SITE_URL = import.meta.env.SITE_URL;

/**
 * A page's title, description, canonical URL and link-preview tags. React 19
 * hoists these into <head>: the prerendered page has them in its HTML, and a
 * client-side navigation swaps them for the next page's.
 */
export function PageMeta({ page }: { page: PageKey }) {
  const { title, description, path } = PAGE_META[page];
  const url = path === null ? null : absoluteUrl(SITE_URL, path);
  const image = absoluteUrl(SITE_URL, SHARE_IMAGE.path);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {url ? <link rel="canonical" href={url} /> : <meta name="robots" content="noindex" />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={BRAND.name} />
      <meta property="og:locale" content={OG_LOCALE} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {url ? <meta property="og:url" content={url} /> : null}
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content={SHARE_IMAGE.type} />
      <meta property="og:image:width" content={String(SHARE_IMAGE.width)} />
      <meta property="og:image:height" content={String(SHARE_IMAGE.height)} />
      <meta property="og:image:alt" content={SHARE_IMAGE.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={SHARE_IMAGE.alt} />
    </>
  );
}
