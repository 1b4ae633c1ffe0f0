/**
 * The error boundary of a form the browser sent itself (no JavaScript): a
 * refusal from any later step (a sentence for the visitor: ../i18n.ts
 * refuse) is answered with a page saying why, with the refusal's status and
 * headers (Retry-After...); a fault of ours goes on to the service's answer.
 */
import { type Context, HttpError, type Middleware } from 'koa';

/** A refusal as Koa throws it (http-errors). */
export type Refusal = InstanceType<typeof HttpError>;

export function answerRefusalsWithPage(answer: (ctx: Context, refusal: Refusal) => void): Middleware {
  return async function answerRefusalWithPage(ctx, next) {
    try {
      await next();
    } catch (error) {
      if (!(error instanceof HttpError && error.expose)) throw error;
      // Logged as Koa logs the JSON route's refusals, which reach its own error answer.
      ctx.app.emit('error', error, ctx);
      if (error.headers) ctx.set(error.headers);
      answer(ctx, error);
    }
  };
}
