import { type FormEvent, useState } from 'react';
import { REPLY_CHECK_ENDPOINT } from '../../../contract/reply-check-code';
import { activeLocale, messages } from '../../i18n/active-locale';
import type { ReplyCheckResult } from './ask-reply-check';

const FIELDS = ['reference', 'code'] as const;

const RESULT_STYLE: Record<ReplyCheckResult['kind'], { box: string; icon: string }> = {
  genuine: { box: 'border-brand bg-brand-pale', icon: 'i-lucide-shield-check text-brand' },
  notOurs: { box: 'border-danger bg-danger-pale', icon: 'i-lucide-shield-alert text-danger' },
  problem: { box: 'border-danger bg-danger-pale', icon: 'i-lucide-circle-alert text-danger' },
};

/**
 * /verify's check of a reply: the reference and the check code that end each
 * of the firm's e-mail replies, and the service's answer. Without JavaScript
 * (or before the app takes the page over) the browser posts the form itself
 * and the service answers with a page of its own.
 */
export function ReplyCheckForm({ headingId }: { headingId: string }) {
  const { locale } = activeLocale();
  const t = messages();
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<ReplyCheckResult | null>(null);

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = new FormData(event.currentTarget);
    const [reference, code] = FIELDS.map((name) => String(form.get(name) ?? '').trim());
    if (!reference || !code) {
      setResult({ kind: 'problem', message: t('verifyReply.missing') });
      return;
    }
    setPending(true);
    setResult(null);
    try {
      // Loaded when the visitor checks: it brings the contract's schemas (zod), which showing the page does not need.
      const { askReplyCheck } = await import('./ask-reply-check');
      setResult(await askReplyCheck({ reference, code, locale }, t));
    } catch {
      // The module could not be loaded (offline, or a new version of the site replaced it).
      setResult({ kind: 'problem', message: t('verifyReply.failed') });
    } finally {
      setPending(false);
    }
  }

  const style = result ? RESULT_STYLE[result.kind] : null;
  return (
    <form method="post" action={REPLY_CHECK_ENDPOINT} noValidate onSubmit={check} aria-labelledby={headingId} className="mt-3 grid gap-5">
      <p className="m-0">{t('verifyReply.lead')}</p>
      <input type="hidden" name="locale" value={locale} />
      <div className="grid gap-5 sm:grid-cols-2">
        {FIELDS.map((name) => (
          <div key={name}>
            <label htmlFor={`reply-${name}`} className="field-label">
              {t(`verifyReply.${name}.label`)}
            </label>
            <input
              id={`reply-${name}`}
              name={name}
              type="text"
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="characters"
              aria-required
              className="field-input font-mono uppercase"
            />
          </div>
        ))}
      </div>
      <div>
        {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the top of the page. */}
        <button type="submit" aria-disabled={pending || undefined} className="btn-secondary w-full sm:w-auto">
          <span aria-hidden="true" className={pending ? 'i-lucide-loader-circle animate-spin' : 'i-lucide-search-check'} />
          {pending ? t('verifyReply.pending') : t('verifyReply.submit')}
        </button>
      </div>
      {/* Always in the page, so screen readers announce the answer when it appears. */}
      <p role="status" className={style ? `m-0 flex gap-3 rounded-lg border-l-4 p-4 font-semibold text-ink ${style.box}` : 'm-0'}>
        {result && style ? (
          <>
            <span aria-hidden="true" className={`${style.icon} mt-0.5 shrink-0 text-xl`} />
            <span>{result.message}</span>
          </>
        ) : null}
      </p>
    </form>
  );
}
