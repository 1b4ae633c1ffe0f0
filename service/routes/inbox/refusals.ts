/**
 * The inbox's refusals: a status and one sentence, answered as `{ error }`
 * JSON (see inbox-api.ts), never a page.
 */
import type { Context } from 'koa';

export const SIGN_IN_NEEDED = 'Sign in to use the inbox.';
export const WRONG_CREDENTIALS = 'Wrong username, password or code.';
export const TOTP_KEY_NEEDED =
  'The authentication code cannot be set up yet: the service has no TOTP_KEY to keep it encrypted with. Ask whoever runs the service to set TOTP_KEY (docs/operations.md, “Keys”), then sign in again.';

export function refuseInbox(ctx: Context, status: number, sentence: string, headers?: Record<string, string>): never {
  return ctx.throw(status, sentence, { expose: true, ...(headers && { headers }) });
}
