/**
 * The inbox's refusals: a status and one sentence, answered as `{ error }`
 * JSON (see inbox-api.ts), never a page.
 */
import type { Context } from 'koa';

export const SIGN_IN_NEEDED = 'Sign in to use the inbox.';
export const WRONG_CREDENTIALS = 'Wrong username, password or code.';

export function refuseInbox(ctx: Context, status: number, sentence: string, headers?: Record<string, string>): never {
  return ctx.throw(status, sentence, { expose: true, ...(headers && { headers }) });
}
