/**
 * Prepares a thrown error for Koa's own answer (context.js onerror), which
 * removes every header already set and replies `err.message` as text/plain
 * when `err.expose` is true. Two things would be lost there:
 * - the headers set before the error (security headers, Cache-Control): they
 *   are handed back to Koa through `err.headers`;
 * - a sentence for the visitor: an unexposed 5xx is answered with a bare
 *   "Internal Server Error", so it is replaced by a polite error in the
 *   request's language (../i18n.ts) whose `cause` keeps the real one for the
 *   error log.
 */
import type { Context, Middleware, Next } from 'koa';
import { LOCALES } from '../../contract/locales';
import { operatorTranslate, requestLocale, translatorFor, type TranslatedError } from '../i18n';

/** Headers that describe the old body, not the error answer. */
const BODY_HEADERS = new Set(['content-type', 'content-length', 'content-encoding', 'content-disposition', 'etag', 'last-modified']);

type HttpError = Error & { status?: number; expose?: boolean; headers?: Record<string, unknown> };

export function answerErrorsAsSentences(): Middleware {
  return async function keepHeadersOnError(ctx: Context, next: Next) {
    try {
      await next();
    } catch (thrown) {
      const error: HttpError = thrown instanceof Error ? thrown : new Error(String(thrown));
      const kept = Object.entries(ctx.response.headers).filter(([name]) => !BODY_HEADERS.has(name.toLowerCase()));
      const headers = { ...Object.fromEntries(kept), ...error.headers };
      const status = typeof error.status === 'number' && error.status >= 400 && error.status < 600 ? error.status : 500;
      if (status < 500 || error.expose) {
        error.headers = headers;
        throw error;
      }
      const locale = requestLocale(ctx);
      const fault: TranslatedError = { locale, operatorMessage: operatorTranslate('service.fault') };
      throw Object.assign(new Error(translatorFor(locale)('service.fault'), { cause: error }), {
        status,
        expose: true,
        headers: { ...headers, 'Content-Language': LOCALES[locale].htmlLang },
        ...fault,
      });
    }
  };
}
