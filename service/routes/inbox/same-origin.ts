/**
 * Whether a state-changing inbox request came from the site's own pages. The
 * browser says so in Sec-Fetch-Site (`same-origin`), or, in a browser too old
 * to send it, in Origin. Stricter than the contact form's rule
 * (../form-post-origin.ts): `none` (typed in the address bar, a bookmark) and
 * a request with neither header are refused too, since nobody changes an
 * enquiry or deletes personal data but from the inbox's own page.
 */
import type { Context } from 'koa';
import { originOf } from '../form-post-origin';

export function isSameOriginRequest(ctx: Context): boolean {
  const fetchSite = ctx.get('Sec-Fetch-Site');
  if (fetchSite !== '') return fetchSite === 'same-origin';
  const origin = originOf(ctx.get('Origin'));
  // The address the browser sent the request to (behind a trusted proxy, as the proxy tells it);
  // not ctx.origin, which Koa 3 takes from the Origin header.
  return origin !== null && origin === originOf(`${ctx.protocol}://${ctx.host}`);
}
