/**
 * Whether a GET or HEAD can be answered 304 Not Modified, in the order of
 * RFC 9110 §13.2.2: If-None-Match when the request has it, and then
 * If-Modified-Since is ignored (§13.1.3); If-Modified-Since only without it.
 * Koa's ctx.fresh (the `fresh` package) checks both when both are sent, so an
 * ETag that says "changed" was answered 200, but one that says "same" could
 * still lose to a newer Last-Modified; it also ignores both validators when
 * the request carries Cache-Control: no-cache, which RFC 9110 does not ask of
 * the origin server.
 */
import type { Context } from 'koa';

/** The opaque part of an entity tag: If-None-Match compares weakly, so W/ does not count. */
function opaqueTag(tag: string): string {
  return tag.trim().replace(/^W\//, '');
}

function matchesAny(noneMatch: string, etag: string): boolean {
  if (noneMatch.trim() === '*') return etag !== '';
  return etag !== '' && noneMatch.split(',').some((tag) => opaqueTag(tag) === opaqueTag(etag));
}

function notModifiedSince(modifiedSince: string, lastModified: string): boolean {
  const since = Date.parse(modifiedSince);
  const modified = Date.parse(lastModified);
  return !Number.isNaN(since) && !Number.isNaN(modified) && modified <= since;
}

/** The answer's validators (ETag, Last-Modified) must be set already. */
export function isNotModified(ctx: Context): boolean {
  const noneMatch = ctx.get('If-None-Match');
  if (noneMatch !== '') return matchesAny(noneMatch, String(ctx.response.get('ETag')));
  const modifiedSince = ctx.get('If-Modified-Since');
  return modifiedSince !== '' && notModifiedSince(modifiedSince, String(ctx.response.get('Last-Modified')));
}
