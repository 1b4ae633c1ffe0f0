/**
 * Security headers on every answer, as helmet 8 writes them. The CSP is
 * written out in full rather than taken from helmet's defaults, so that what
 * the site may load is readable here. The site has no inline script (the
 * page registers the service worker from its own modules); Radix injects <style>
 * elements, hence 'unsafe-inline' for styles only.
 *
 * None of the headers depends on the request (no directive is a function,
 * such as a nonce), so helmet runs once, here, and each answer gets the
 * headers it wrote: run per request (koa-helmet), it rebuilt the same CSP and
 * went through a dozen middleware steps and a promise for every answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Context, Middleware, Next } from 'koa';

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

type HelmetMiddleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/** The headers `middleware` sets on an answer (helmet's set the same on every one). */
function headersSetBy(middleware: HelmetMiddleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name] = value),
    removeHeader: (name: string) => void delete headers[name],
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

export function securityHeaders(): Middleware {
  const always = headersSetBy(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      // The site links out (login portal, social pages, WhatsApp): send them our origin only, over HTTPS only.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // The same rule as frame-ancestors 'none', for browsers that predate CSP level 2.
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: false, // sent below, over TLS only
      // Both are for Internet Explorer only; browsers' XSS auditors are gone, and a bad one opened holes.
      xXssProtection: false,
      xDownloadOptions: false,
    }),
  );
  // Browsers ignore HSTS over plain HTTP (RFC 6797 §8.1), where a man in the middle could
  // have written it; sent there, it only misleads whoever reads the headers. ctx.secure is
  // true over TLS, or when a trusted proxy says in X-Forwarded-Proto that it received TLS.
  const overTls = headersSetBy(helmet.strictTransportSecurity());
  return function securityHeadersOn(ctx: Context, next: Next) {
    ctx.set(always);
    if (ctx.secure) ctx.set(overTls);
    return next();
  };
}
