/**
 * What every inbox route shares: the store and the security parts, the
 * signed-in person of a request, its validated body or query, and the audit
 * entry each action writes.
 */
import type { Context, Middleware, Next } from 'koa';
import type { z } from 'zod';
import type { Sessions } from '../../auth/sessions';
import type { KnownDevices } from '../../auth/known-device';
import type { SignInLimits } from '../../auth/sign-in-limits';
import type { VerifyBudget } from '../../auth/verify-budget';
import type { GuessingNotice } from '../../review/guessing-notice';
import type { AlertChannel, AuditAction, SessionRecord, UserRecord } from '../../records';
import type { Store } from '../../store-interface';
import type { ReplyConfig } from '../../config';
import { refuseInbox, SIGN_IN_NEEDED } from './refusals';
import { appendAudit } from '../../audit-append';

export interface InboxDeps {
  store: Store;
  /** The channels a released enquiry's alerts go out on. */
  alertChannels: readonly AlertChannel[];
  /** TZ_DISPLAY: the zone the page shows times in. */
  timeZone: string;
  sessions: Sessions;
  limits: SignInLimits;
  /** How many password checks sign-ins may run (argon2 is costly). */
  verifyBudget: VerifyBudget;
  /** Whether two-factor secrets are sealed under TOTP_KEY: without, an enrolment would store one in clear. */
  secretsSealed: boolean;
  /** Browsers that signed in to an account before. */
  knownDevices: KnownDevices;
  /** Tells the operator an account is being guessed. */
  guessingNotice: GuessingNotice;
  /** How staff replies by e-mail are made; null: not configured (the composer is not offered). */
  replies: ReplyConfig | null;
}

interface SignedIn {
  session: SessionRecord;
  user: UserRecord;
}

/** Lets the request through only with a valid session at one of `stages`; else 401. */
export function requireSession({ store, sessions }: InboxDeps, stages: readonly SessionRecord['stage'][]): Middleware {
  return async function checkSession(ctx: Context, next: Next) {
    const session = await sessions.current(ctx);
    const user = session && (await store.get('users', session.userId));
    // An enrolment left open in one tab means nothing once the user enrolled in another.
    const valid = user && session && stages.includes(session.stage) && !(session.stage === 'enrol' && user.totpSecret !== null);
    if (!valid) {
      if (session && !user) await sessions.end(ctx);
      refuseInbox(ctx, 401, SIGN_IN_NEEDED);
    }
    ctx.state.signedIn = { session, user } satisfies SignedIn;
    return next();
  };
}

export function signedIn(ctx: Context): SignedIn {
  return ctx.state.signedIn as SignedIn;
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

/** The JSON body, checked against `schema`; 415 for another type, 400 with a sentence for a bad one. */
export function readBody<T extends z.ZodType>(ctx: Context, schema: T): z.output<T> {
  if (!ctx.is('application/json')) refuseInbox(ctx, 415, 'The inbox takes JSON (Content-Type: application/json).');
  const parsed = schema.safeParse(ctx.request.body);
  if (!parsed.success) refuseInbox(ctx, 400, describeIssue(parsed.error));
  return parsed.data;
}

/** The query string, checked against `schema`; 400 with a sentence. */
export function readQuery<T extends z.ZodType>(ctx: Context, schema: T): z.output<T> {
  const parsed = schema.safeParse(ctx.query);
  if (!parsed.success) refuseInbox(ctx, 400, describeIssue(parsed.error));
  return parsed.data;
}

/** Writes one audit entry for the signed-in person (or `actor`, before anyone is signed in). */
export async function audit(
  { store }: InboxDeps,
  actor: string | null,
  action: AuditAction,
  { reference = null, detail = null }: { reference?: string | null; detail?: string | null } = {},
): Promise<void> {
  await appendAudit(store, { at: new Date().toISOString(), actor, action, reference, detail });
}
