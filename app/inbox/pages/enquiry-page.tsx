import { type FormEvent, type ReactNode, useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { type EnquiryDetail, inboxStatusSchema } from '../../../contract/inbox';
import { enquiryReference, referencedIdPrefix } from '../../../contract/reference';
import { ErrorAlert, LoadState, StatusNote } from '../components/notices';
import { PageHeading } from '../components/page-heading';
import { PromiseStanding } from '../components/promise-standing';
import { StatusField, StatusLabel } from '../components/status-label';
import { useInbox } from '../inbox-context';
import { formatTime } from '../lib/format-time';
import { InboxApiError } from '../lib/inbox-api';
import { useDeliveryUpdates } from '../lib/use-delivery-updates';
import { useLoad } from '../lib/use-load';
import { useNow } from '../lib/use-now';
import { TEXTS } from '../texts';
import { Section } from '../components/section';
import { ReplyPanel } from '../components/reply-panel';
import { Thread } from '../components/thread';

const t = TEXTS.enquiry;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="font-semibold text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Details({ detail }: { detail: EnquiryDetail }) {
  const { enquiry, timeZone } = detail;
  const now = useNow();
  const f = t.fields;
  return (
    <Section id="enquiry-details" title={t.detailsHeading}>
      <dl className="space-y-3">
        <Detail label={f.reference}>
          <span className="font-mono">{enquiry.reference}</span>
        </Detail>
        <Detail label={f.name}>
          {enquiry.firstName} {enquiry.lastName}
        </Detail>
        <Detail label={f.email}>{enquiry.email}</Detail>
        <Detail label={f.phone}>{enquiry.phone || <span className="text-muted">{TEXTS.notGiven}</span>}</Detail>
        <Detail label={f.service}>{enquiry.service || <span className="text-muted">{TEXTS.notGiven}</span>}</Detail>
        <Detail label={f.language}>{TEXTS.languages[enquiry.locale] ?? enquiry.locale}</Detail>
        <Detail label={f.received}>{formatTime(enquiry.createdAt, timeZone)}</Detail>
        <Detail label={f.promise}>
          <PromiseStanding status={enquiry.status} answerBy={enquiry.answerBy} now={now} />
        </Detail>
        <Detail label={f.message}>
          <p className="whitespace-pre-wrap">{enquiry.message}</p>
        </Detail>
      </dl>
      <p className="text-sm text-muted">{t.timesIn(timeZone)}</p>
    </Section>
  );
}

function Handling({ detail, onChanged }: { detail: EnquiryDetail; onChanged: (detail: EnquiryDetail) => void }) {
  const { api } = useInbox();
  const { enquiry } = detail;
  const [outcome, setOutcome] = useState<{ saved: boolean; error?: string }>({ saved: false });

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const status = inboxStatusSchema.parse(form.get('status'));
    const assigneeId = String(form.get('assignee') ?? '') || null;
    const change = {
      ...(status !== enquiry.status ? { status } : {}),
      ...(assigneeId !== (enquiry.assignee?.id ?? null) ? { assigneeId } : {}),
    };
    setOutcome({ saved: false });
    if (Object.keys(change).length === 0) return setOutcome({ saved: true });
    try {
      onChanged(await api.changeEnquiry(enquiry.id, change));
      setOutcome({ saved: true });
    } catch (error) {
      setOutcome({ saved: false, error: TEXTS.failed((error as Error).message) });
    }
  }

  return (
    <Section id="enquiry-handling" title={t.handlingHeading}>
      <p className="flex items-center gap-2">
        <StatusLabel status={enquiry.status} />
        <span>{enquiry.assignee ? enquiry.assignee.username : t.nobody}</span>
      </p>
      <form
        className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        onSubmit={(event) => void save(event)}
        key={`${enquiry.status}:${enquiry.assignee?.id}`}
      >
        <StatusField id="enquiry-status" label={t.status} defaultValue={enquiry.status} />
        <div>
          <label htmlFor="enquiry-assignee" className="field-label">
            {t.assignee}
          </label>
          <select id="enquiry-assignee" name="assignee" defaultValue={enquiry.assignee?.id ?? ''} className="field-input">
            <option value="">{t.nobody}</option>
            {detail.staff.map((person) => (
              <option key={person.id} value={person.id}>
                {person.username}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          {t.save}
        </button>
      </form>
      {outcome.error ? <ErrorAlert>{outcome.error}</ErrorAlert> : null}
      <StatusNote>{outcome.saved ? t.saved : null}</StatusNote>
    </Section>
  );
}

function Notes({ detail, onChanged }: { detail: EnquiryDetail; onChanged: (detail: EnquiryDetail) => void }) {
  const { api, drafts } = useInbox();
  const draftKey = `note:${detail.enquiry.id}`;
  const [draft, setDraft] = useState(() => drafts.get(draftKey));
  const [outcome, setOutcome] = useState<{ added: boolean; error?: string }>({ added: false });

  function write(text: string) {
    setDraft(text);
    drafts.set(draftKey, text);
  }

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setOutcome({ added: false });
    try {
      onChanged(await api.addNote(detail.enquiry.id, text));
      write('');
      setOutcome({ added: true });
    } catch (error) {
      setOutcome({ added: false, error: TEXTS.failed((error as Error).message) });
    }
  }

  return (
    <Section id="enquiry-notes" title={t.notesHeading}>
      <p className="text-muted">{t.notesLead}</p>
      {detail.notes.length === 0 ? (
        <p>{t.noNotes}</p>
      ) : (
        <ol className="space-y-3">
          {detail.notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-paper-warm px-4 py-3">
              <p className="text-sm font-semibold text-muted">{t.noteBy(note.author, formatTime(note.createdAt, detail.timeZone))}</p>
              <p className="whitespace-pre-wrap">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="space-y-3" onSubmit={(event) => void add(event)}>
        <div>
          <label htmlFor="enquiry-note" className="field-label">
            {t.note}
          </label>
          <textarea
            id="enquiry-note"
            name="note"
            rows={3}
            maxLength={5000}
            required
            value={draft}
            onChange={(event) => write(event.currentTarget.value)}
            className="field-input resize-y"
          />
        </div>
        <button type="submit" className="btn-secondary">
          {t.addNote}
        </button>
      </form>
      {outcome.error ? <ErrorAlert>{outcome.error}</ErrorAlert> : null}
      <StatusNote>{outcome.added ? t.noteAdded : null}</StatusNote>
    </Section>
  );
}

function Alerts({ detail }: { detail: EnquiryDetail }) {
  const at = (iso: string | null) => (iso ? formatTime(iso, detail.timeZone) : null);
  return (
    <Section id="enquiry-alerts" title={t.alertsHeading}>
      {detail.alerts.length === 0 ? (
        <p>{t.noAlerts}</p>
      ) : (
        <ol className="space-y-3">
          {detail.alerts.map((alert) => {
            const times = [
              [t.queuedAt, at(alert.createdAt)],
              [t.lastAttemptAt, at(alert.lastAttemptAt)],
              [t.sentAt, at(alert.sentAt)],
              [t.nextAttemptAt, at(alert.nextAttemptAt)],
            ].filter((entry): entry is [string, string] => entry[1] !== null);
            return (
              <li key={alert.id} className="rounded-lg border-l-4 border-brand bg-paper-warm px-4 py-3">
                <p className="font-semibold">
                  {t.channels[alert.channel] ?? alert.channel} · {t.kinds[alert.kind] ?? alert.kind} ·{' '}
                  <span className={alert.status === 'failed' ? 'text-danger' : undefined}>
                    {t.alertStatuses[alert.status] ?? alert.status}
                  </span>{' '}
                  · {t.attempts(alert.attempts)}
                </p>
                <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm">
                  {times.map(([label, time]) => (
                    <div key={label} className="flex gap-1">
                      <dt className="text-muted">{label}:</dt>
                      <dd>{time}</dd>
                    </div>
                  ))}
                  {alert.lastError ? (
                    <div className="flex w-full gap-1">
                      <dt className="text-muted">{t.lastError}:</dt>
                      <dd className="break-all font-mono">{alert.lastError}</dd>
                    </div>
                  ) : null}
                </dl>
              </li>
            );
          })}
        </ol>
      )}
    </Section>
  );
}

function History({ detail }: { detail: EnquiryDetail }) {
  return (
    <Section id="enquiry-history" title={t.historyHeading}>
      {detail.history.length === 0 ? (
        <p>{t.noHistory}</p>
      ) : (
        <ol className="space-y-2">
          {detail.history.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="grid gap-x-4 sm:grid-cols-[12rem_1fr]">
              <span className="text-sm text-muted">{formatTime(entry.at, detail.timeZone)}</span>
              <span>
                <strong>{entry.actor ?? t.system}</strong> {t.actions[entry.action] ?? entry.action}
                {entry.detail ? ` (${entry.detail})` : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/** One enquiry: every field, the ways to reply, its thread, its status, assignee and notes, its alerts and its history. */
export function EnquiryPage() {
  const { api } = useInbox();
  const id = useParams().id ?? '';
  const load = useCallback(() => api.enquiry(id), [api, id]);
  // An id's reference is its start; a link from before ids (with a reference) still opens.
  const reference = referencedIdPrefix(id) === null ? enquiryReference(id) : id.trim().toUpperCase();
  const { data, error, retry, replace } = useLoad(load);
  useDeliveryUpdates(data, replace);
  const heading = t.heading(reference);
  const missing = error instanceof InboxApiError && error.status === 404;

  return (
    <>
      <p>
        <Link to="/" className="text-brand underline underline-offset-2 hover:text-ink">
          <span aria-hidden="true">← </span>
          {t.back}
        </Link>
      </p>
      <PageHeading title={heading} />
      {missing ? <ErrorAlert>{t.notFound}</ErrorAlert> : null}
      {data ? (
        <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
          <div className="space-y-6">
            <Details detail={data} />
            {/* A reply's draft belongs to its enquiry, as a note's does. */}
            <ReplyPanel key={data.enquiry.id} detail={data} onChanged={replace} />
            <Thread detail={data} />
          </div>
          <div className="space-y-6">
            <Handling detail={data} onChanged={replace} />
            {/* A note's draft belongs to its enquiry: another enquiry's page starts from its own. */}
            <Notes key={data.enquiry.id} detail={data} onChanged={replace} />
            <Alerts detail={data} />
            <History detail={data} />
          </div>
        </div>
      ) : missing ? null : (
        <LoadState error={error} onRetry={retry} />
      )}
    </>
  );
}
