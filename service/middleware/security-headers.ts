/**
 * Security headers on every answer, through koa-helmet (helmet 8). The CSP is
 * written out in full rather than taken from helmet's defaults, so that what
 * the site may load is readable here. The site has no inline script (the
 * page registers the service worker from its own modules); Radix injects <style>
 * elements, hence 'unsafe-inline' for styles only.
 */
import type { Context, Middleware, Next } from 'koa';
import helmet from 'koa-helmet';

const SELF = "'self'";
const NONE = "'none'";

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: [SELF],
  scriptSrc: [SELF],
  styleSrc: [SELF, "'unsafe-inline'"],
  imgSrc: [SELF, 'data:'],
  fontSrc: [SELF],
  connectSrc: [SELF],
  manifestSrc: [SELF],
  workerSrc: [SELF],
  frameAncestors: [NONE],
  baseUri: [SELF],
  formAction: [SELF],
  objectSrc: [NONE],
};

export function securityHeaders(): Middleware {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // The site links out (login portal, social pages, WhatsApp): send them our origin only, over HTTPS only.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The same rule as frame-ancestors 'none', for browsers that predate CSP level 2.
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: false, // sent below, over TLS only
    // Both are for Internet Explorer only; browsers' XSS auditors are gone, and a bad one opened holes.
    xXssProtection: false,
    xDownloadOptions: false,
  });
  // Browsers ignore HSTS over plain HTTP (RFC 6797 §8.1), where a man in the middle could
  // have written it; sent there, it only misleads whoever reads the headers. ctx.secure is
  // true over TLS, or when a trusted proxy says in X-Forwarded-Proto that it received TLS.
  const hsts = helmet.strictTransportSecurity();
  return function securityHeadersOn(ctx: Context, next: Next) {
    return headers(ctx, () => (ctx.secure ? hsts(ctx, next) : next()));
  };
}
