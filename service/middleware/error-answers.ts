/**
 * Prepares a thrown error for Koa's own answer (context.js onerror), which
 * removes every header already set and replies `err.message` as text/plain
 * when `err.expose` is true. A refusal is Koa's HttpError (ctx.throw, or
 * ../i18n.ts refuse); anything else is a fault of ours. Two things would be
 * lost there:
 * - the headers set before the error (security headers, Cache-Control): they
 *   are handed back to Koa through `err.headers`;
 * - a sentence for the visitor: an unexposed 5xx is answered with a bare
 *   "Internal Server Error", so it is replaced by a polite error in the
 *   request's language (../i18n.ts) whose `cause` keeps the real one for the
 *   error log.
 */
import { type Context, HttpError, type Middleware, type Next } from 'koa';
import { LOCALES } from '../../contract/locales';
import { operatorTranslate, requestLocale, translatorFor, type TranslatedError } from '../i18n';

/** Headers that describe the old body, not the error answer. */
const BODY_HEADERS = new Set(['content-type', 'content-length', 'content-encoding', 'content-disposition', 'etag', 'last-modified']);

export function answerErrorsAsSentences(): Middleware {
  return async function keepHeadersOnError(ctx: Context, next: Next) {
    try {
      await next();
    } catch (error) {
      const kept = Object.entries(ctx.response.headers).filter(([name]) => !BODY_HEADERS.has(name.toLowerCase()));
      // Koa's HttpError (ctx.throw, and http-errors from the packages Koa's instanceof recognises): its status and headers.
      const refusal = error instanceof HttpError ? error : null;
      const headers = { ...Object.fromEntries(kept), ...refusal?.headers };
      if (refusal && (refusal.status < 500 || refusal.expose)) {
        // Koa's onerror sets each as it is (a number, a list), whatever http-errors' type says.
        refusal.headers = headers as Record<string, string>;
        throw refusal;
      }
      const locale = requestLocale(ctx);
      const fault: TranslatedError = { locale, operatorMessage: operatorTranslate('service.fault') };
      ctx.throw(refusal?.status ?? 500, translatorFor(locale)('service.fault'), {
        cause: error,
        expose: true,
        headers: { ...headers, 'Content-Language': LOCALES[locale].htmlLang },
        ...fault,
      });
    }
  };
}
