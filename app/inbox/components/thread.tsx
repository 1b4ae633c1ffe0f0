/** The whole exchange of an enquiry, oldest first, each message with who and when (in TZ_DISPLAY) and, sent by e-mail, where it stands. */
import type { EnquiryDetail, ThreadEntry } from '../../../contract/inbox';
import { formatTime } from '../lib/format-time';
import { TEXTS } from '../texts';
import { Section } from './section';

const t = TEXTS.enquiry;

function Delivery({ state }: { state: NonNullable<ThreadEntry['delivery']> }) {
  const trouble = state === 'retrying' || state === 'failed';
  return <span className={trouble ? 'font-semibold text-danger' : 'text-ink'}>{t.delivery[state] ?? state}</span>;
}

function Entry({ entry, timeZone }: { entry: ThreadEntry; timeZone: string }) {
  const who = entry.by === null ? null : entry.kind === 'answer' ? t.threadFrom(entry.by) : t.threadBy(entry.by);
  const ours = entry.kind === 'reply' || entry.kind === 'acknowledgement' || entry.kind === 'whatsapp';
  return (
    <li className={`rounded-lg border-l-4 px-4 py-3 ${ours ? 'border-brand bg-brand-pale' : 'border-muted bg-paper-warm'}`}>
      <p className="text-sm">
        <strong>{t.threadKinds[entry.kind] ?? entry.kind}</strong>
        {who ? ` ${who}` : null} · <time dateTime={entry.at}>{formatTime(entry.at, timeZone)}</time>
        {entry.delivery ? (
          <>
            {' · '}
            <Delivery state={entry.delivery} />
          </>
        ) : null}
      </p>
      {entry.otherAddress ? <p className="text-sm font-semibold text-danger">{t.otherAddress}</p> : null}
      {entry.text ? <p className="mt-1 whitespace-pre-wrap break-words">{entry.text}</p> : null}
      {entry.quoted ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-sm text-muted">{t.quoted}</summary>
          <p className="whitespace-pre-wrap break-words text-sm text-muted">{entry.quoted}</p>
        </details>
      ) : null}
      {entry.attachments.length > 0 ? (
        <div className="mt-1 text-sm">
          <p className="text-muted">{t.attachments}</p>
          <ul className="list-disc pl-5">
            {entry.attachments.map((file, index) => (
              <li key={`${file.name}-${index}`}>{t.attachment(file.name, file.size)}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

export function Thread({ detail }: { detail: EnquiryDetail }) {
  return (
    <Section id="enquiry-thread" title={t.threadHeading}>
      <ol className="space-y-3">
        {detail.thread.map((entry) => (
          <Entry key={`${entry.kind}-${entry.id}`} entry={entry} timeZone={detail.timeZone} />
        ))}
      </ol>
      <p className="text-sm text-muted">{t.timesIn(detail.timeZone)}</p>
    </Section>
  );
}
