import { type FormEvent, useState } from 'react';
import { ErrorAlert, StatusNote } from '../components/notices';
import { PageHeading } from '../components/page-heading';
import { RecoveryCodes } from '../components/recovery-codes';
import { TextField } from '../components/text-field';
import { useInbox } from '../inbox-context';
import { InboxApiError } from '../lib/inbox-api';
import { TEXTS } from '../texts';
import { Section } from '../components/section';

const t = TEXTS.account;
const MIN_PASSWORD_LENGTH = 12;

/** A refusal in words: a wrong password says so, anything else gives the service's sentence. */
function refusal(error: unknown): string {
  return error instanceof InboxApiError && (error.status === 401 || error.status === 403)
    ? TEXTS.wrongPassword
    : TEXTS.failed((error as Error).message);
}

function ChangePassword() {
  const { api } = useInbox();
  const [failure, setFailure] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);

  async function change(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const [current, next, repeat] = ['current', 'next', 'repeat'].map((name) => String(data.get(name) ?? ''));
    setChanged(false);
    if (next !== repeat) return setFailure(t.mismatch);
    if (next!.length < MIN_PASSWORD_LENGTH) return setFailure(t.tooShort);
    setFailure(null);
    try {
      await api.changePassword(current!, next!);
      form.reset();
      setChanged(true);
    } catch (error) {
      setFailure(refusal(error));
    }
  }

  return (
    <Section id="account-password" title={t.passwordHeading}>
      <form className="max-w-md space-y-4" onSubmit={(event) => void change(event)}>
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <TextField label={t.current} name="current" type="password" autoComplete="current-password" required />
        <TextField
          label={t.next}
          hint={t.nextHint}
          name="next"
          type="password"
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          required
        />
        <TextField label={t.repeat} name="repeat" type="password" autoComplete="new-password" required />
        <button type="submit" className="btn-secondary">
          {t.change}
        </button>
      </form>
      <StatusNote>{changed ? t.changed : null}</StatusNote>
    </Section>
  );
}

function NewRecoveryCodes() {
  const { api } = useInbox();
  const [failure, setFailure] = useState<string | null>(null);
  const [codes, setCodes] = useState<readonly string[] | null>(null);

  async function make(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = event.currentTarget.elements.namedItem('password') as HTMLInputElement;
    setFailure(null);
    try {
      setCodes((await api.newRecoveryCodes(password.value)).recoveryCodes);
    } catch (error) {
      password.value = '';
      setFailure(refusal(error));
    }
  }

  if (codes) return <RecoveryCodes codes={codes} onSaved={() => setCodes(null)} />;
  return (
    <Section id="account-codes" title={t.codesHeading}>
      <p>{t.codesLead}</p>
      <form className="max-w-md space-y-4" onSubmit={(event) => void make(event)}>
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <TextField label={t.password} name="password" type="password" autoComplete="current-password" required />
        <button type="submit" className="btn-secondary">
          {t.newCodes}
        </button>
      </form>
    </Section>
  );
}

/** The signed-in person's own account: password, recovery codes, sessions. */
export function AccountPage() {
  const { signOut } = useInbox();
  return (
    <>
      <PageHeading title={t.heading} />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <ChangePassword />
        <div className="space-y-6">
          <NewRecoveryCodes />
          <Section id="account-sessions" title={t.sessionsHeading}>
            <p>{t.sessionsLead}</p>
            <div className="flex flex-wrap gap-3">
              <button type="button" className="btn-secondary" onClick={() => void signOut()}>
                {t.signOut}
              </button>
              <button type="button" className="btn bg-danger text-paper hover:bg-ink" onClick={() => void signOut(true)}>
                {t.signOutEverywhere}
              </button>
            </div>
          </Section>
        </div>
      </div>
    </>
  );
}
