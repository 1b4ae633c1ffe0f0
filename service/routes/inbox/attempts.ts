/**
 * Guesses counted: every sign-in, and the password asked again before what
 * cannot be undone (deleting personal data) or what hands out a way in (new
 * recovery codes, a new password), so a session left open is no way to guess it.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Context } from 'koa';
import { verifyPassword } from '../../auth/passwords';
import { type Attempt, type Counted, TooManyAttempts } from '../../auth/sign-in-limits';
import { type InboxDeps, signedIn } from './inbox-context';
import { refuseInbox } from './refusals';

/**
 * Counts one attempt from this client; 429 with Retry-After past a refusing
 * limit. Resolves once any slowing down the account is under has been waited
 * out, and tells the operator when this attempt started it.
 */
export async function countAttempt(deps: InboxDeps, ctx: Context, attempt: Attempt, account: string | null): Promise<Counted> {
  let counted: Counted;
  try {
    counted = await deps.limits.take(attempt);
  } catch (error) {
    if (!(error instanceof TooManyAttempts)) throw error;
    refuseInbox(ctx, 429, 'Too many attempts. Wait a few minutes, then try again.', {
      'Retry-After': String(error.retryAfterSeconds),
    });
  }
  // Not awaited: the notice's mail server does not hold up the answer.
  if (counted.accountJustPassed && account !== null) void deps.guessingNotice.accountGuessed(account, new Date());
  if (counted.delayMs > 0) await delay(counted.delayMs);
  return counted;
}

/** Gives a right (or, `keepAddress`, an unchecked) attempt back, under what it was counted as. */
export function giveBack(deps: InboxDeps, attempt: Attempt, counted: Counted, options?: { keepAddress?: boolean }): Promise<void> {
  return deps.limits.giveBack(counted.asDevice ? attempt : { ...attempt, device: undefined }, options);
}

/**
 * The signed-in person's password, again; 403 when it is wrong. The session
 * stands in for a known device: others guessing the account neither slow nor
 * refuse it, and its own wrong answers are counted under it first.
 */
export async function confirmPassword(deps: InboxDeps, ctx: Context, password: string): Promise<void> {
  const { user, session } = signedIn(ctx);
  const attempt = { username: user.username, clientAddress: ctx.ip, device: `session:${session.id}` };
  const counted = await countAttempt(deps, ctx, attempt, user.username);
  if (!(await verifyPassword(user.passwordHash, password))) refuseInbox(ctx, 403, 'Wrong password.');
  await giveBack(deps, attempt, counted);
}
