import { Fragment, useState } from 'react';
import type { Enrolment, Staff } from '../../../contract/inbox';
import { InboxFrame } from '../components/inbox-frame';
import { ErrorAlert } from '../components/notices';
import { PageHeading } from '../components/page-heading';
import { RecoveryCodes } from '../components/recovery-codes';
import { TextField } from '../components/text-field';
import { InboxApiError, type InboxApi } from '../lib/inbox-api';
import { TEXTS } from '../texts';
import { SubmitButton } from '../components/submit-button';
import { usePendingSubmit } from '../lib/use-pending-submit';

/** The setup key in groups of four, easier to type from (authenticator apps ignore the spaces); a line breaks only between groups. */
function grouped(key: string) {
  return (key.match(/.{1,4}/g) ?? []).map((group, index) => (
    <Fragment key={index}>
      {index > 0 ? ' ' : null}
      <span className="inline-block">{group}</span>
    </Fragment>
  ));
}

/** What a refused confirmation says: a wrong code, or an enrolment finished elsewhere or expired (409). */
function refusal(failure: unknown): string {
  if (!(failure instanceof InboxApiError) || failure.status >= 500) return TEXTS.unreachable;
  return failure.status === 409 ? TEXTS.enrol.closed : TEXTS.enrol.wrong;
}

/**
 * The first sign-in: the QR code and the same key as text, a code to confirm
 * them, then the recovery codes, shown once.
 */
export function EnrolPage({ api, user, enrolment, onDone }: { api: InboxApi; user: Staff; enrolment: Enrolment; onDone: () => void }) {
  const t = TEXTS.enrol;
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  const { pending, failure, onSubmit } = usePendingSubmit(
    async (form) => {
      const input = form.elements.namedItem('code') as HTMLInputElement;
      setCodes((await api.enrol(input.value.replace(/\s/g, ''))).recoveryCodes);
    },
    { failureText: refusal, clearOnFailure: ['code'] },
  );

  if (codes) {
    return (
      <InboxFrame>
        <div className="mx-auto w-full max-w-2xl">
          <RecoveryCodes codes={codes} onSaved={onDone} asPage />
        </div>
      </InboxFrame>
    );
  }

  return (
    <InboxFrame>
      <div className="mx-auto w-full max-w-2xl space-y-6">
        <PageHeading title={t.heading} />
        <p>{t.lead}</p>
        <section aria-labelledby="enrol-scan" className="card space-y-4">
          <h2 id="enrol-scan" className="text-xl font-bold text-ink">
            {t.scanHeading}
          </h2>
          <p>{t.scan}</p>
          <img
            src={`data:image/svg+xml,${encodeURIComponent(enrolment.qrSvg)}`}
            alt={t.qrAlt(user.username)}
            width={220}
            height={220}
            className="rounded-lg bg-paper p-2 ring-1 ring-ink/10"
          />
          <dl>
            <dt className="field-label">{t.setupKey}</dt>
            <dd className="mt-1 font-mono text-lg tracking-wider">{grouped(enrolment.setupKey)}</dd>
          </dl>
        </section>
        <section aria-labelledby="enrol-confirm" className="card">
          <h2 id="enrol-confirm" className="text-xl font-bold text-ink">
            {t.confirmHeading}
          </h2>
          <form className="mt-4 space-y-4" onSubmit={onSubmit}>
            {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
            <TextField label={t.code} hint={t.codeHint} name="code" inputMode="numeric" autoComplete="one-time-code" required />
            <SubmitButton pending={pending} label={t.submit} pendingLabel={t.pending} className="btn-secondary" />
          </form>
        </section>
      </div>
    </InboxFrame>
  );
}
