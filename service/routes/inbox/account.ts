/**
 * The signed-in person's own account: POST /account/password (every other
 * session of theirs ends) and POST /account/recovery-codes (new ones; the
 * old stop working). Both ask for the password first.
 */
import type { Router } from '@koa/router';
import { passwordChangeSchema, recoveryCodesRequestSchema, type RecoveryCodes } from '../../../contract/inbox';
import { hashPassword, passwordProblem } from '../../auth/passwords';
import { newRecoveryCodes } from '../../auth/recovery-codes';
import { confirmPassword } from './attempts';
import { audit, type InboxDeps, readBody, requireSession, signedIn } from './inbox-context';
import { refuseInbox } from './refusals';
import { changeUser, deleteSessionsOf } from '../../auth/staff-records';

export function accountRoutes(router: Router, deps: InboxDeps): void {
  const signedInOnly = requireSession(deps, ['signed-in']);

  router.post('/account/password', signedInOnly, async (ctx) => {
    const { current, next } = readBody(ctx, passwordChangeSchema);
    await confirmPassword(deps, ctx, current);
    const problem = passwordProblem(next);
    if (problem !== null) refuseInbox(ctx, 400, problem);
    const { user, session } = signedIn(ctx);
    await changeUser(deps.store, user.id, { passwordHash: await hashPassword(next) });
    // Whoever knew the old password is signed out wherever they are; this session stays.
    await deleteSessionsOf(deps.store, user.id, session.id);
    await audit(deps, user.username, 'password');
    ctx.status = 204;
  });

  router.post('/account/recovery-codes', signedInOnly, async (ctx) => {
    const { password } = readBody(ctx, recoveryCodesRequestSchema);
    await confirmPassword(deps, ctx, password);
    const { user } = signedIn(ctx);
    const { codes, hashes } = newRecoveryCodes();
    await changeUser(deps.store, user.id, { recoveryCodeHashes: hashes });
    await audit(deps, user.username, 'recovery-codes');
    ctx.body = { recoveryCodes: codes } satisfies RecoveryCodes;
  });
}
