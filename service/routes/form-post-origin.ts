/**
 * Whether a form the browser sent itself came from one of the site's own
 * pages. A page on another site can make each of its visitors' browsers post
 * our form (from the visitor's own address, so the per-address limit means
 * nothing, with words it chose), and CORS does not stop a plain form post.
 *
 * The browser says where the post comes from: Sec-Fetch-Site (`same-origin`;
 * `none` when the visitor made the request themselves), or, in a browser too
 * old to send that, Origin. A post with neither comes from no web page at all
 * (curl, a script), which a page elsewhere cannot make a visitor send.
 */
import type { Context } from 'koa';

const OWN_FETCH_SITES: readonly string[] = ['same-origin', 'none'];

/** The origin of `url` as browsers write it (lower case, no default port); null for anything else, `null` included. */
export function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

export function isOwnFormPost(ctx: Context): boolean {
  const fetchSite = ctx.get('Sec-Fetch-Site');
  if (fetchSite !== '') return OWN_FETCH_SITES.includes(fetchSite);
  const origin = ctx.get('Origin');
  if (origin === '') return true;
  // The address the browser sent the post to (behind a trusted proxy, as the proxy tells it). Not
  // ctx.origin: since Koa 3 that is the Origin header itself.
  const posted = originOf(origin);
  return posted !== null && posted === originOf(`${ctx.protocol}://${ctx.host}`);
}
