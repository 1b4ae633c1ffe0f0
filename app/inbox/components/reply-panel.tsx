/**
 * The ways to answer an enquiry: "Reply by e-mail" opens the composer (the
 * template in the enquiry's language, edited, then "Send reply" queues it in
 * the service's outbox), or, where replies by e-mail are not configured, the
 * staff member's own mail program; "Reply on WhatsApp" opens the chat with
 * the reference as its first words, and the hand-over is recorded.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { EnquiryDetail } from '../../../contract/inbox';
import { REPLY_TEXT_MAX } from '../../../contract/inbox';
import { useInbox } from '../inbox-context';
import { mailtoLink, whatsAppLink } from '../lib/reply-links';
import { TEXTS } from '../texts';
import { ErrorAlert, StatusNote } from './notices';
import { Section } from './section';
import { SubmitButton } from './submit-button';

const t = TEXTS.enquiry;

export function ReplyPanel({ detail, onChanged }: { detail: EnquiryDetail; onChanged: (detail: EnquiryDetail) => void }) {
  const { api, drafts } = useInbox();
  const { enquiry, replyDraft } = detail;
  const draftKey = `reply:${enquiry.id}`;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(() => drafts.get(draftKey) || (replyDraft ?? ''));
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<{ queued: boolean; error?: string }>({ queued: false });
  const composer = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const whatsApp = whatsAppLink(enquiry.phone, t.whatsAppText(enquiry.reference));

  // Opened, the composer takes the focus; closed, the button that opened it gets it back.
  const [returnFocus, setReturnFocus] = useState(false);
  useEffect(() => {
    if (open) composer.current?.focus();
    else if (returnFocus) opener.current?.focus();
  }, [open, returnFocus]);

  function write(value: string) {
    setText(value);
    drafts.set(draftKey, value);
  }

  function close() {
    setReturnFocus(true);
    setOpen(false);
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !text.trim()) return;
    setPending(true);
    setOutcome({ queued: false });
    try {
      onChanged(await api.sendReply(enquiry.id, text));
      drafts.set(draftKey, '');
      setText(replyDraft ?? '');
      setOutcome({ queued: true });
      close();
    } catch (error) {
      setOutcome({ queued: false, error: TEXTS.failed((error as Error).message) });
    } finally {
      setPending(false);
    }
  }

  function handOver() {
    api.handOffToWhatsApp(enquiry.id).then(onChanged, (error: Error) => setOutcome({ queued: false, error: TEXTS.failed(error.message) }));
  }

  return (
    <Section id="enquiry-reply" title={t.replyHeading}>
      <ul className="flex flex-wrap gap-3">
        <li>
          {replyDraft === null ? (
            <a href={mailtoLink(enquiry.email, t.replySubject(enquiry.reference))} className="btn-secondary">
              <span aria-hidden="true" className="i-lucide-mail" />
              {t.replyByEmail}
            </a>
          ) : (
            <button
              ref={opener}
              type="button"
              className="btn-secondary"
              aria-expanded={open}
              aria-controls="reply-composer"
              onClick={() => setOpen(true)}
            >
              <span aria-hidden="true" className="i-lucide-mail" />
              {t.replyByEmail}
            </button>
          )}
        </li>
        {whatsApp ? (
          <li>
            <a
              href={whatsApp}
              target="_blank"
              rel="noopener noreferrer"
              className="btn bg-whatsapp text-paper hover:bg-ink"
              onClick={handOver}
            >
              <span aria-hidden="true" className="i-lucide-message-circle" />
              {t.replyOnWhatsApp}
              <span className="sr-only"> {TEXTS.newTab}</span>
            </a>
          </li>
        ) : null}
      </ul>
      {replyDraft === null ? <p className="text-sm text-muted">{t.replyNotConfigured}</p> : null}
      {open ? (
        <form id="reply-composer" className="space-y-3" onSubmit={(event) => void send(event)}>
          <div>
            <label htmlFor="reply-text" className="field-label">
              {t.composer.label}
            </label>
            <p id="reply-text-hint" className="text-sm text-muted">
              {t.composer.hint(TEXTS.languages[enquiry.locale] ?? enquiry.locale)}
            </p>
            <textarea
              ref={composer}
              id="reply-text"
              name="reply"
              rows={12}
              maxLength={REPLY_TEXT_MAX}
              required
              lang={enquiry.locale}
              aria-describedby="reply-text-hint"
              value={text}
              onChange={(event) => write(event.currentTarget.value)}
              className="field-input resize-y"
            />
          </div>
          <div className="flex flex-wrap gap-3">
            <SubmitButton pending={pending} label={t.composer.send} pendingLabel={t.composer.pending} className="btn-primary" />
            <button type="button" className="btn-secondary" onClick={close}>
              {t.composer.cancel}
            </button>
          </div>
        </form>
      ) : null}
      {outcome.error ? <ErrorAlert>{outcome.error}</ErrorAlert> : null}
      <StatusNote>{outcome.queued ? t.composer.queued : null}</StatusNote>
    </Section>
  );
}
