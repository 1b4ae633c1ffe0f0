import { DEFAULT_LOCALE, LOCALE_CODES, LOCALES, localisedPath } from '../../../contract/locales';
import { parseRoutePath } from '../../../contract/routes';
import { BRAND } from '../../content/brand';
import { absoluteUrl, SHARE_IMAGE } from '../../content/seo';
import { activeLocale } from '../../i18n/active-locale';
import { useLocation } from 'react-router-dom';

const SITE_URL = import.meta.env.SITE_URL;

/** Every tag PageMeta renders, as one selector: keep the two in step. */
const PAGE_META_TAGS =
  'title, meta[name="description"], meta[name="robots"], link[rel="canonical"], link[rel="alternate"], meta[property^="og:"], meta[name^="twitter:"]';

/**
 * Takes the prerendered page's PageMeta tags out of <head>, before the app
 * renders the page afresh rather than hydrating it. Hydration adopts these
 * tags; a fresh render makes its own (React 19 reuses none when it is not
 * hydrating), so the head would hold each tag twice, and keep the file's
 * after the visitor moves on to another page.
 */
export function removePrerenderedPageMeta(): void {
  for (const tag of document.head.querySelectorAll(PAGE_META_TAGS)) tag.remove();
}

interface PageMetaProps {
  readonly title: string;
  readonly description: string;
  /** False for the 404 page, which is not indexed and has no other versions. */
  readonly indexed?: boolean;
}

/**
 * A page's title, description, canonical URL, its versions in the other
 * languages, and link-preview tags. React 19 hoists these into <head>: the
 * prerendered page has them in its HTML, and a client-side navigation swaps
 * them for the next page's.
 */
export function PageMeta({ title, description, indexed = true }: PageMetaProps) {
  const { locale, site } = activeLocale();
  const { route } = parseRoutePath(useLocation().pathname);
  const urlIn = (code: typeof locale) => (route === undefined ? null : absoluteUrl(SITE_URL, localisedPath(code, route)));
  const url = indexed ? urlIn(locale) : null;
  const image = absoluteUrl(SITE_URL, SHARE_IMAGE.path);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {url ? <link rel="canonical" href={url} /> : <meta name="robots" content="noindex" />}
      {url ? LOCALE_CODES.map((code) => <link key={code} rel="alternate" hrefLang={LOCALES[code].htmlLang} href={urlIn(code)!} />) : null}
      {url ? <link rel="alternate" hrefLang="x-default" href={urlIn(DEFAULT_LOCALE)!} /> : null}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={BRAND.name} />
      <meta property="og:locale" content={LOCALES[locale].ogLocale} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {url ? <meta property="og:url" content={url} /> : null}
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content={SHARE_IMAGE.type} />
      <meta property="og:image:width" content={String(SHARE_IMAGE.width)} />
      <meta property="og:image:height" content={String(SHARE_IMAGE.height)} />
      <meta property="og:image:alt" content={site.shareImageAlt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={site.shareImageAlt} />
    </>
  );
}
