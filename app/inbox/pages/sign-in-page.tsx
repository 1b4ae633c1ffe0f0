import type { SessionState } from '../../../contract/inbox';
import { InboxFrame } from '../components/inbox-frame';
import { ErrorAlert } from '../components/notices';
import { PageHeading } from '../components/page-heading';
import { TextField } from '../components/text-field';
import { InboxApiError, type InboxApi } from '../lib/inbox-api';
import { TEXTS } from '../texts';
import { SubmitButton } from '../components/submit-button';
import { usePendingSubmit } from '../lib/use-pending-submit';

/** What a refusal of sign-in says: one sentence for any wrong answer, so it tells a guesser nothing. */
function refusal(error: unknown): string {
  if (error instanceof InboxApiError && error.status === 429) return TEXTS.signIn.tooMany(error.retryAfterSeconds);
  if (error instanceof InboxApiError && error.status === 401) return TEXTS.signIn.wrong;
  // The service's own sentence: it cannot take a sign-in now, and says why (the store, or a setting the operator must make).
  if (error instanceof InboxApiError && error.status === 503) return error.message;
  return TEXTS.unreachable;
}

/**
 * Username, password and the authentication code (or a recovery code); the
 * enrolment code `users add` printed at the first sign-in. `ended`: shown because the session ended while
 * the inbox was open, which it says.
 */
export function SignInPage({ api, ended, onSignedIn }: { api: InboxApi; ended?: boolean; onSignedIn: (state: SessionState) => void }) {
  const t = TEXTS.signIn;
  const { pending, failure, onSubmit } = usePendingSubmit(
    async (form) => {
      const data = new FormData(form);
      const field = (name: string) => String(data.get(name) ?? '');
      onSignedIn(
        await api.signIn({ username: field('username').trim(), password: field('password'), code: field('code').replace(/\s/g, '') }),
      );
    },
    { failureText: refusal, clearOnFailure: ['password', 'code'] },
  );

  return (
    <InboxFrame>
      <div className="mx-auto w-full max-w-md space-y-6">
        {/* Read out with the heading, which takes focus as the page appears. */}
        <PageHeading title={t.heading} describedBy={ended ? 'sign-in-ended' : undefined} />
        {ended ? (
          <p id="sign-in-ended" className="rounded-lg bg-brand-pale px-4 py-3 text-ink">
            {t.ended}
          </p>
        ) : null}
        <form className="card space-y-5" onSubmit={onSubmit}>
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <TextField label={t.username} name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} required />
          <TextField label={t.password} name="password" type="password" autoComplete="current-password" required />
          <TextField label={t.code} hint={t.codeHint} name="code" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} />
          <SubmitButton pending={pending} label={t.submit} pendingLabel={t.pending} className="btn-secondary w-full" />
        </form>
      </div>
    </InboxFrame>
  );
}
