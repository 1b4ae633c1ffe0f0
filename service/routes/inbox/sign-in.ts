/**
 * Signing in and out: GET /session, POST /sign-in, POST /enrol, POST
 * /sign-out, POST /sign-out-everywhere. A wrong username, password or code
 * gets the same sentence and costs the same argon2 work (an unknown username
 * is checked against a decoy hash); every attempt counts (attempts.ts,
 * auth/sign-in-limits.ts), and past the password-check budget none is
 * checked. At the first sign-in, the password and the enrolment code that
 * `users add` or `users reset` printed open an `enrol` session that can only
 * see its setup key, confirm a code, or sign out. A full sign-in marks the
 * browser as a known device of the account (auth/known-device.ts).
 */
import type { Router } from '@koa/router';
import type { Context } from 'koa';
import { enrolRequestSchema, signInRequestSchema, type SessionState } from '../../../contract/inbox';
import { enrolmentCodeHash } from '../../auth/enrolment-codes';
import { decoyHash, verifyPassword } from '../../auth/passwords';
import { qrCodeSvg } from '../../auth/qr-code';
import { newRecoveryCodes, recoveryCodeHash } from '../../auth/recovery-codes';
import { acceptedStep, isTotpCode, newTotpSecret, otpauthUri } from '../../auth/totp';
import type { SessionRecord, UserRecord } from '../../records';
import { enrolmentOpen } from '../../store-rules';
import { countAttempt, giveBack } from './attempts';
import { staffOf } from './enquiry-views';
import { audit, type InboxDeps, readBody, requireSession, signedIn } from './inbox-context';
import { refuseInbox, TOTP_KEY_NEEDED, WRONG_CREDENTIALS } from './refusals';
import { advanceTotpStep, enrolUser, spendRecoveryCode } from '../../auth/second-factor-claims';
import { deleteSessionsOf, findUser } from '../../auth/staff-records';

const ENROLMENT_CLOSED =
  'This account has an authentication app set up already, or its enrolment code has expired. Sign in again, or ask for a new enrolment code.';
const WRONG_ENROLMENT_CODE =
  'That is not the code the app shows now. Check that the phone sets its clock automatically, then enter the newest code.';

async function sessionState(user: UserRecord, session: SessionRecord): Promise<SessionState> {
  if (session.stage === 'signed-in' || session.pendingTotpSecret === null) return { stage: 'signed-in', user: staffOf(user) };
  const uri = otpauthUri(session.pendingTotpSecret, user.username);
  return {
    stage: 'enrol',
    user: staffOf(user),
    enrolment: { setupKey: session.pendingTotpSecret, otpauthUri: uri, qrSvg: await qrCodeSvg(uri) },
  };
}

/**
 * Checks `code` (a TOTP code or a recovery code) and writes what it used up;
 * null when it is wrong. The store takes each step and each recovery code
 * once however many requests or instances offer it at the same moment.
 */
async function useSecondFactor(deps: InboxDeps, user: UserRecord, code: string): Promise<{ detail: string | null } | null> {
  if (user.totpSecret === null) return null;
  if (isTotpCode(code)) {
    const step = acceptedStep(user.totpSecret, code, user.totpLastStep, new Date());
    return step !== null && (await advanceTotpStep(deps.store, user.id, step)) ? { detail: null } : null;
  }
  const hash = recoveryCodeHash(code);
  if (!(await spendRecoveryCode(deps.store, user.id, hash))) return null;
  const left = user.recoveryCodeHashes.filter((kept) => kept !== hash).length;
  return { detail: `recovery code (${left} left)` };
}

/** Whether `code` is the user's enrolment code, still open: what lets a first sign-in begin an enrolment. */
function enrolmentCodeRight(user: UserRecord, code: string, now: Date): boolean {
  return enrolmentOpen(user, now) && enrolmentCodeHash(code) === user.enrolmentCodeHash;
}

function signIn(deps: InboxDeps) {
  return async function signInWithPasswordAndCode(ctx: Context) {
    const { username, password, code } = readBody(ctx, signInRequestSchema);
    const user = await findUser(deps.store, username.trim());
    const device = user && (await deps.knownDevices.recognise(ctx));
    // A cookie counts only on the sign-in of the account it names.
    const attempt = { username, clientAddress: ctx.ip, device: device && device.userId === user?.id ? device.nonce : undefined };
    const counted = await countAttempt(deps, ctx, attempt, user?.username ?? null);
    // Past the budget, no hashing at all: the same refusal for every name, known or not.
    const mayVerify = counted.asDevice || (await deps.verifyBudget.take());
    const passwordRight = mayVerify && (await verifyPassword(user?.passwordHash ?? (await decoyHash()), password));

    const refuse = async (detail: string): Promise<never> => {
      if (!mayVerify) {
        // Nothing was checked, so nothing is counted against the account: a flood that used up the budget must not
        // also use up the attempts of whoever signs in after it. The address keeps its count (unchecked requests
        // still cost their sender), and the day a count, the same for every name.
        await giveBack(deps, attempt, counted, { keepAddress: true });
        await deps.store.tally('sign-in-unchecked', new Date());
      }
      // The actor is the account's own name, never what was typed: a mistyped password in the username field stays out of the log.
      else if (user) await audit(deps, user.username, 'sign-in-failed', { detail });
      // A name nobody has is a count for the day, not an entry kept for years: a flood of them must not fill the audit log.
      else await deps.store.tally('sign-in-unknown-user', new Date());
      refuseInbox(ctx, 401, WRONG_CREDENTIALS);
    };
    if (user === null || !passwordRight) return refuse('password');

    if (user.totpSecret === null) {
      if (!enrolmentCodeRight(user, code, new Date())) return refuse('enrolment code');
      // The attempt stays counted: this answer says the password and code were right, so it must not come cheap.
      if (!deps.secretsSealed) refuseInbox(ctx, 503, TOTP_KEY_NEEDED);
      await giveBack(deps, attempt, counted);
      const session = await deps.sessions.start(ctx, { userId: user.id, stage: 'enrol', pendingTotpSecret: newTotpSecret() });
      await audit(deps, user.username, 'sign-in', { detail: 'second factor to enrol' });
      ctx.body = await sessionState(user, session);
      return;
    }
    const used = await useSecondFactor(deps, user, code);
    if (used === null) return refuse('code');
    await giveBack(deps, attempt, counted);
    const session = await deps.sessions.start(ctx, { userId: user.id, stage: 'signed-in', pendingTotpSecret: null });
    await deps.knownDevices.remember(ctx, user.id);
    await audit(deps, user.username, 'sign-in', { detail: used.detail });
    ctx.body = await sessionState(user, session);
  };
}

function enrol(deps: InboxDeps) {
  return async function confirmSecondFactor(ctx: Context) {
    const { code } = readBody(ctx, enrolRequestSchema);
    const { session, user } = signedIn(ctx);
    const secret = session.pendingTotpSecret;
    const step = secret === null ? null : acceptedStep(secret, code, null, new Date());
    if (secret === null || step === null) refuseInbox(ctx, 400, WRONG_ENROLMENT_CODE);
    const { codes, hashes } = newRecoveryCodes();
    // Only while the account still has no second factor and its enrolment code has not expired: of two enrolments, the first to finish wins.
    if (!(await enrolUser(deps.store, user.id, { totpSecret: secret, totpLastStep: step, recoveryCodeHashes: hashes }, new Date()))) {
      await deps.sessions.end(ctx);
      refuseInbox(ctx, 409, ENROLMENT_CLOSED);
    }
    // A new id now that the session is worth more: whoever saw the enrolment's cookie holds nothing.
    await deps.sessions.start(ctx, { userId: user.id, stage: 'signed-in', pendingTotpSecret: null });
    await deps.knownDevices.remember(ctx, user.id);
    await audit(deps, user.username, 'enrol');
    ctx.body = { recoveryCodes: codes };
  };
}

export function signInRoutes(router: Router, deps: InboxDeps): void {
  const anySession = requireSession(deps, ['enrol', 'signed-in']);
  const signedInOnly = requireSession(deps, ['signed-in']);

  router.get('/session', anySession, async (ctx) => {
    const { user, session } = signedIn(ctx);
    ctx.body = await sessionState(user, session);
  });
  router.post('/sign-in', signIn(deps));
  router.post('/enrol', requireSession(deps, ['enrol']), enrol(deps));
  router.post('/sign-out', anySession, async (ctx) => {
    await deps.sessions.end(ctx);
    await audit(deps, signedIn(ctx).user.username, 'sign-out');
    ctx.status = 204;
  });
  router.post('/sign-out-everywhere', signedInOnly, async (ctx) => {
    const { user } = signedIn(ctx);
    await deleteSessionsOf(deps.store, user.id);
    deps.sessions.clearCookie(ctx);
    await audit(deps, user.username, 'sign-out-everywhere');
    ctx.status = 204;
  });
}
