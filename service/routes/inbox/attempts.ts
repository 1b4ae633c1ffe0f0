/**
 * Guesses counted: every sign-in, and the password asked again before what
 * cannot be undone (deleting personal data) or what hands out a way in (new
 * recovery codes, a new password), so a session left open is no way to guess it.
 */
import type { Context } from 'koa';
import { verifyPassword } from '../../auth/passwords';
import { TooManyAttempts } from '../../auth/sign-in-limits';
import { type InboxDeps, signedIn } from './inbox-context';
import { refuseInbox } from './refusals';

/** Counts one attempt for `username` from this client; 429 with Retry-After past the limit. */
export async function countAttempt(deps: InboxDeps, ctx: Context, username: string): Promise<void> {
  try {
    await deps.limits.take(username, ctx.ip);
  } catch (error) {
    if (!(error instanceof TooManyAttempts)) throw error;
    refuseInbox(ctx, 429, 'Too many attempts. Wait a few minutes, then try again.', {
      'Retry-After': String(error.retryAfterSeconds),
    });
  }
}

/** The signed-in person's password, again; 403 when it is wrong. */
export async function confirmPassword(deps: InboxDeps, ctx: Context, password: string): Promise<void> {
  const { user } = signedIn(ctx);
  await countAttempt(deps, ctx, user.username);
  if (!(await verifyPassword(user.passwordHash, password))) refuseInbox(ctx, 403, 'Wrong password.');
  await deps.limits.giveBack(user.username, ctx.ip);
}
