/**
 * One structured log line per request, written when the answer has been sent
 * (or the client went away), so the status is the one the client got, error
 * answers included. The query string is left out: it may carry personal data.
 */
import { performance } from 'node:perf_hooks';
import type { Context, Middleware, Next } from 'koa';
import type { Log } from '../log';

export function logRequests(log: Log): Middleware {
  return async function logRequest(ctx: Context, next: Next) {
    const started = performance.now();
    ctx.res.once('close', () => {
      log({
        level: 'info',
        msg: 'request',
        method: ctx.method,
        path: ctx.path,
        status: ctx.res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(ctx.res.writableFinished ? {} : { aborted: true }),
      });
    });
    await next();
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

type AppError = Error & { status?: number; code?: string; headerSent?: boolean };

/**
 * For app.on('error'): one line per error; a stack only for the service's own
 * faults, taken from the original error that answerErrorsAsSentences wrapped.
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
      path: ctx?.path,
      error: error.message,
      ...(status >= 500 ? { stack: (error.cause instanceof Error ? error.cause : error).stack } : {}),
    });
  };
}
