import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PersonalData } from '../../../contract/inbox';
import { ErrorAlert, StatusNote } from '../components/notices';
import { PageHeading } from '../components/page-heading';
import { TextField } from '../components/text-field';
import { useInbox } from '../inbox-context';
import { InboxApiError } from '../lib/inbox-api';
import { TEXTS } from '../texts';
import { usePendingSubmit } from '../lib/use-pending-submit';

const t = TEXTS.requests;

function DeleteEverything({ found, onDeleted }: { found: PersonalData; onDeleted: (message: string) => void }) {
  const { api } = useInbox();
  const { pending, failure, onSubmit } = usePendingSubmit(
    async (form) => {
      const password = form.elements.namedItem('password') as HTMLInputElement;
      const deleted = await api.deletePersonalData(found.email, password.value);
      onDeleted(t.deleted(deleted.enquiries, deleted.held));
    },
    {
      failureText: (error) =>
        error instanceof InboxApiError && (error.status === 401 || error.status === 403)
          ? TEXTS.wrongPassword
          : TEXTS.failed((error as Error).message),
      clearOnFailure: ['password'],
    },
  );

  return (
    <section aria-labelledby="requests-delete" className="card space-y-4 ring-2 ring-danger/40">
      <h2 id="requests-delete" className="text-xl font-bold text-ink">
        {t.deleteHeading}
      </h2>
      <p>{t.deleteLead}</p>
      <form className="space-y-4" onSubmit={onSubmit}>
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <TextField
          label={t.password}
          hint={t.passwordHint}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className="max-w-md"
        />
        <div className="flex items-start gap-2">
          <input id="requests-confirm" name="confirm" type="checkbox" required className="mt-1 h-5 w-5 shrink-0 accent-danger" />
          <label htmlFor="requests-confirm">{t.confirm(found.enquiries.length, found.held.length)}</label>
        </div>
        <button type="submit" className="btn bg-danger text-paper hover:bg-ink" aria-disabled={pending || undefined}>
          <span aria-hidden="true" className="i-lucide-trash-2" />
          {t.delete}
        </button>
      </form>
    </section>
  );
}

/** A person's request about their data: find everything for one address, export it, delete it. */
export function RequestsPage() {
  const { api } = useInbox();
  const [found, setFound] = useState<PersonalData | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  async function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setFailure(null);
    setOutcome(null);
    try {
      setFound(await api.personalData(email));
    } catch (error) {
      setFound(null);
      setFailure(TEXTS.failed((error as Error).message));
    }
  }

  const nothing = found !== null && found.enquiries.length === 0 && found.held.length === 0;
  return (
    <>
      <PageHeading title={t.heading} />
      <p>{t.lead}</p>
      <form role="search" aria-label={t.heading} className="card flex flex-wrap items-end gap-4" onSubmit={(event) => void find(event)}>
        <TextField
          label={t.email}
          name="email"
          type="email"
          autoComplete="off"
          required
          maxLength={320}
          className="min-w-0 flex-1 basis-64"
        />
        <button type="submit" className="btn-secondary">
          {t.find}
        </button>
      </form>
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <StatusNote>
        {outcome ?? (found ? (nothing ? t.nothing : t.summary(found.enquiries.length, found.held.length, found.messages)) : null)}
      </StatusNote>
      {found && !nothing ? (
        <>
          <section aria-labelledby="requests-found" className="card space-y-4">
            <h2 id="requests-found" className="text-xl font-bold text-ink">
              {t.resultsHeading(found.email)}
            </h2>
            {found.enquiries.length > 0 ? (
              <>
                <h3 className="font-bold">{t.enquiriesHeading}</h3>
                <ul className="list-disc space-y-1 pl-6">
                  {found.enquiries.map((enquiry) => (
                    <li key={enquiry.id}>
                      <Link to={`/enquiries/${enquiry.id}`} className="text-brand underline underline-offset-2 hover:text-ink">
                        {enquiry.reference}
                      </Link>{' '}
                      {enquiry.firstName} {enquiry.lastName} · {TEXTS.statuses[enquiry.status]}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {found.held.length > 0 ? (
              <>
                <h3 className="font-bold">{t.heldHeading}</h3>
                <ul className="list-disc space-y-1 pl-6">
                  {found.held.map((item) => (
                    <li key={item.id}>
                      <span className="font-mono">{item.reference}</span> {item.firstName} {item.lastName}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            <h3 className="font-bold">{t.exportHeading}</h3>
            <p className="flex flex-wrap gap-3">
              <a href={api.exportUrl(found.email, 'json')} download className="btn border-2 border-brand text-brand hover:bg-brand-pale">
                <span aria-hidden="true" className="i-lucide-download" />
                {t.exportJson}
              </a>
              <a href={api.exportUrl(found.email, 'csv')} download className="btn border-2 border-brand text-brand hover:bg-brand-pale">
                <span aria-hidden="true" className="i-lucide-download" />
                {t.exportCsv}
              </a>
            </p>
          </section>
          <DeleteEverything
            key={found.email}
            found={found}
            onDeleted={(message) => {
              setFound(null);
              setOutcome(message);
            }}
          />
        </>
      ) : null}
    </>
  );
}
