/**
 * One structured log line per request, written when the answer has been sent
 * (or the client went away), so the status is the one the client got, error
 * answers included. The query string is left out: it may carry personal data.
 * Being outermost, it also refuses a request whose target cannot be parsed.
 */
import { performance } from 'node:perf_hooks';
import type { Context, Middleware, Next } from 'koa';
import { refuse, type TranslatedError } from '../i18n';
import type { Log } from '../log';

/**
 * ctx.path, or undefined when the request target cannot be parsed. Node's
 * HTTP parser lets through targets such as `http://[/` that Koa's url.parse
 * then throws on, each time ctx.path is read.
 */
function pathOf(ctx: Context): string | undefined {
  try {
    return ctx.path;
  } catch {
    return undefined;
  }
}

export function logRequests(log: Log): Middleware {
  return function logRequest(ctx: Context, next: Next) {
    const started = performance.now();
    const path = pathOf(ctx);
    ctx.res.once('close', () => {
      log({
        level: 'info',
        msg: 'request',
        method: ctx.method,
        path,
        status: ctx.res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(ctx.res.writableFinished ? {} : { aborted: true }),
      });
    });
    // Refused here, before any other middleware reads ctx.path: there the TypeError would be
    // answered as a fault of ours (500, with a stack in the log). It is the client's mistake.
    if (path === undefined) refuse(ctx, 400, 'service.badAddress');
    return next();
  };
}

/**
 * A client that closes its connection before the answer is complete (a
 * cancelled navigation, or curl hanging up as soon as it has Content-Length
 * bytes, before the file stream has ended) makes Koa's stream pipeline fail
 * after the headers went out. That is not a fault of ours: the request line
 * already says `aborted`, so no error line is written for it.
 */
const CLIENT_WENT_AWAY = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

type AppError = Error & TranslatedError & { status?: number; code?: string; headerSent?: boolean };

/**
 * For app.on('error'): one line per error; a stack only for the service's own
 * faults, taken from the original error that answerErrorsAsSentences wrapped.
 * The sentence is the English one, whatever language the visitor got; `locale`
 * says which that was.
 */
export function logError(log: Log) {
  return function logAppError(error: AppError, ctx?: Context) {
    if (error.headerSent && error.code !== undefined && CLIENT_WENT_AWAY.has(error.code)) return;
    const status = typeof error.status === 'number' ? error.status : 500;
    log({
      level: status >= 500 ? 'error' : 'warn',
      msg: 'error',
      status,
      method: ctx?.method,
      path: ctx && pathOf(ctx),
      error: error.operatorMessage ?? error.message,
      ...(error.locale === undefined ? {} : { locale: error.locale }),
      ...(status >= 500 ? { stack: (error.cause instanceof Error ? error.cause : error).stack } : {}),
    });
  };
}
