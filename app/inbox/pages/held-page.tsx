import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import type { HeldList } from '../../../contract/inbox';
import { ErrorAlert, LoadState, StatusNote } from '../components/notices';
import { PageHeading } from '../components/page-heading';
import { useInbox } from '../inbox-context';
import { formatTime } from '../lib/format-time';
import { useLoad } from '../lib/use-load';
import { TEXTS } from '../texts';

const t = TEXTS.held;

/** What the spam rules held back; "Not spam" makes one an enquiry, whose alerts go out then. */
export function HeldPage() {
  const { api } = useInbox();
  const load = useCallback(() => api.held(), [api]);
  const { data, error, retry, replace } = useLoad(load);
  const [released, setReleased] = useState<{ id: string; reference: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function release(id: string, list: HeldList) {
    setFailure(null);
    try {
      const enquiry = await api.release(id);
      replace({ ...list, held: list.held.filter((item) => item.id !== id) });
      setReleased(enquiry);
    } catch (error) {
      setFailure(TEXTS.failed((error as Error).message));
    }
  }

  return (
    <>
      <PageHeading title={t.heading} />
      <p>{t.lead}</p>
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <StatusNote>
        {released ? (
          <>
            {t.released(released.reference)}{' '}
            <Link to={`/enquiries/${released.id}`} className="font-semibold text-brand underline underline-offset-2">
              {t.open(released.reference)}
            </Link>
          </>
        ) : null}
      </StatusNote>
      {!data ? (
        <LoadState error={error} onRetry={retry} />
      ) : data.held.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ul className="space-y-4">
          {data.held.map((item) => {
            const name = `${item.firstName} ${item.lastName}`;
            return (
              <li key={item.id}>
                <article aria-labelledby={`held-${item.id}`} className="card space-y-3">
                  <h2 id={`held-${item.id}`} className="text-lg font-bold text-ink">
                    {name} <span className="font-mono text-sm font-normal text-muted">{item.reference}</span>
                  </h2>
                  <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
                    <dt className="font-semibold text-muted">{t.email}</dt>
                    <dd className="break-words">{item.email}</dd>
                    <dt className="font-semibold text-muted">{t.received}</dt>
                    <dd>{formatTime(item.createdAt, data.timeZone)}</dd>
                    <dt className="font-semibold text-muted">{t.reason}</dt>
                    <dd>{t.reasons[item.reason] ?? item.reason}</dd>
                    <dt className="font-semibold text-muted">{t.message}</dt>
                    <dd className="whitespace-pre-wrap break-words">{item.excerpt}</dd>
                  </dl>
                  <button
                    type="button"
                    className="btn-secondary"
                    aria-label={t.releaseOf(name)}
                    onClick={() => void release(item.id, data)}
                  >
                    {t.release}
                  </button>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
