/**
 * Marks every answer as the service's own (contract/http.ts). The page and the
 * worker trust an answer only with this mark, so that a captive portal's 200
 * or a proxy's error page is never read as "stored" or "refused". Set before
 * the rest of the pipeline runs; answerErrorsAsSentences keeps it on errors.
 */
import type { Context, Middleware, Next } from 'koa';
import { SERVICE_ANSWER_HEADER } from '../../contract/http';

export function markServiceAnswers(): Middleware {
  return function markServiceAnswer(ctx: Context, next: Next) {
    ctx.set(SERVICE_ANSWER_HEADER.name, SERVICE_ANSWER_HEADER.value);
    return next();
  };
}
