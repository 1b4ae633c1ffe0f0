import { type FormEvent, type ReactNode, useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { type EnquiryListQuery, type EnquirySummary, INBOX_PAGE_SIZE, inboxStatusSchema } from '../../../contract/inbox';
import { LoadState } from '../components/notices';
import { PageHeading } from '../components/page-heading';
import { PromiseStanding } from '../components/promise-standing';
import { StatusField, StatusLabel } from '../components/status-label';
import { useInbox } from '../inbox-context';
import { formatTime } from '../lib/format-time';
import { useLoad } from '../lib/use-load';
import { useNow } from '../lib/use-now';
import { TEXTS } from '../texts';

const t = TEXTS.list;

/** The list's filters and page, kept in the address so that a reload or a shared link shows the same. */
function queryOf(params: URLSearchParams): EnquiryListQuery & { from: number } {
  const status = inboxStatusSchema.safeParse(params.get('status'));
  const from = Number(params.get('from'));
  return {
    status: status.success ? status.data : undefined,
    mine: params.get('mine') === '1' ? '1' : undefined,
    q: params.get('q')?.trim() || undefined,
    after: params.get('after') || undefined,
    from: Number.isInteger(from) && from > 0 ? from : 1,
  };
}

function addressOf(query: EnquiryListQuery & { from?: number }): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  if (query.mine) params.set('mine', '1');
  if (query.after) params.set('after', query.after);
  if (query.from && query.from > 1) params.set('from', String(query.from));
  const search = params.toString();
  return search ? `/?${search}` : '/';
}

/** A cell that, on a phone, where the table is a list of cards, says what it is. */
function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="grid grid-cols-[8rem_1fr] gap-2 py-0.5 md:table-cell md:px-3 md:py-3 md:align-top">
      <span aria-hidden="true" className="font-semibold text-muted md:hidden">
        {label}
      </span>
      <span className="min-w-0 break-words">{children}</span>
    </td>
  );
}

function EnquiryRow({ enquiry, timeZone, now }: { enquiry: EnquirySummary; timeZone: string; now: number }) {
  const c = t.columns;
  return (
    <tr className="block border-b border-ink/10 py-3 md:table-row md:py-0">
      <th scope="row" className="block pb-1 text-left font-normal md:table-cell md:px-3 md:py-3 md:align-top">
        <Link to={`/enquiries/${enquiry.id}`} className="font-semibold text-brand underline underline-offset-2 hover:text-ink">
          {enquiry.firstName} {enquiry.lastName}
        </Link>
        <span className="block font-mono text-sm text-muted">{enquiry.reference}</span>
      </th>
      <Cell label={c.email}>{enquiry.email}</Cell>
      <Cell label={c.received}>{formatTime(enquiry.createdAt, timeZone)}</Cell>
      <Cell label={c.language}>{TEXTS.languages[enquiry.locale] ?? enquiry.locale}</Cell>
      <Cell label={c.status}>
        <StatusLabel status={enquiry.status} />
      </Cell>
      <Cell label={c.assignee}>{enquiry.assignee?.username ?? <span className="text-muted">{t.nobody}</span>}</Cell>
      <Cell label={c.promise}>
        <PromiseStanding status={enquiry.status} answerBy={enquiry.answerBy} now={now} />
      </Cell>
    </tr>
  );
}

/** Every enquiry, newest first, a page at a time, with the overdue count, filters and search. */
export function EnquiryListPage() {
  const { api } = useInbox();
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const address = addressOf(query);
  const now = useNow();
  // One load per address: the query is rebuilt from it on each render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const load = useCallback(() => api.enquiries({ status: query.status, mine: query.mine, q: query.q, after: query.after }), [api, address]);
  const { data, error, retry } = useLoad(load);

  function applyFilters(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const status = inboxStatusSchema.safeParse(form.get('status'));
    const next = addressOf({
      q: String(form.get('q') ?? '').trim() || undefined,
      status: status.success ? status.data : undefined,
      mine: form.get('mine') ? '1' : undefined,
    });
    setParams(new URLSearchParams(next.slice(2)));
  }

  const c = t.columns;
  return (
    <>
      {/* Another page of the list is a new page to read: focus goes back to its heading. */}
      <PageHeading title={t.heading} focusKey={query.after ?? ''} />
      {data ? (
        <p className={`flex items-center gap-2 ${data.overdue > 0 ? 'font-semibold text-danger' : 'text-muted'}`}>
          <span aria-hidden="true" className={data.overdue > 0 ? 'i-lucide-alarm-clock' : 'i-lucide-circle-check'} />
          {data.overdue > 0 ? t.overdue(data.overdue) : t.noneOverdue}
        </p>
      ) : null}

      <form
        role="search"
        aria-label={t.filters}
        className="card grid gap-4 md:grid-cols-[2fr_1fr_auto_auto] md:items-end"
        onSubmit={applyFilters}
        key={address}
      >
        <div>
          <label htmlFor="list-q" className="field-label">
            {t.search}
          </label>
          <p id="list-q-hint" className="text-sm text-muted">
            {t.searchHint}
          </p>
          <input
            id="list-q"
            name="q"
            type="search"
            defaultValue={query.q ?? ''}
            aria-describedby="list-q-hint"
            maxLength={200}
            className="field-input"
          />
        </div>
        <StatusField id="list-status" label={t.status} defaultValue={query.status ?? ''} anyStatus={t.anyStatus} />
        <div className="flex items-center gap-2 md:pb-3">
          <input
            id="list-mine"
            name="mine"
            type="checkbox"
            value="1"
            defaultChecked={query.mine === '1'}
            aria-describedby="list-mine-hint"
            className="h-5 w-5 accent-brand"
          />
          <label htmlFor="list-mine" className="font-semibold">
            {t.mine}
          </label>
          <span id="list-mine-hint" className="sr-only">
            {t.mineHint}
          </span>
        </div>
        <div className="flex gap-2">
          <button type="submit" className="btn-secondary">
            {t.apply}
          </button>
          {address !== '/' ? (
            <Link to="/" className="btn border-2 border-brand text-brand hover:bg-brand-pale">
              {t.clear}
            </Link>
          ) : null}
        </div>
      </form>

      <div role="status">{data ? <p>{t.count(data.enquiries.length, data.total, query.from)}</p> : null}</div>
      {data ? null : <LoadState error={error} onRetry={retry} />}
      {data && data.enquiries.length > 0 ? (
        <table className="block w-full text-left md:table">
          <caption className="sr-only">{t.caption(data.timeZone)}</caption>
          <thead className="sr-only md:not-sr-only md:table-header-group">
            <tr className="border-b-2 border-ink/20 text-sm">
              {[c.name, c.email, c.received, c.language, c.status, c.assignee, c.promise].map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-semibold">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="block md:table-row-group">
            {data.enquiries.map((enquiry) => (
              <EnquiryRow key={enquiry.id} enquiry={enquiry} timeZone={data.timeZone} now={now} />
            ))}
          </tbody>
        </table>
      ) : null}
      {data && (data.next || query.after) ? (
        <nav aria-label={t.pages} className="flex flex-wrap gap-3">
          {query.after ? (
            <Link
              to={addressOf({ ...query, after: undefined, from: 1 })}
              className="btn border-2 border-brand text-brand hover:bg-brand-pale"
            >
              {t.first}
            </Link>
          ) : null}
          {data.next ? (
            <Link to={addressOf({ ...query, after: data.next, from: query.from + INBOX_PAGE_SIZE })} className="btn-secondary">
              {t.next}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
