import type { ReactElement, ReactNode } from 'react';
import { ROUTE_PATHS } from '../../../contract/routes';
import { activeLocale } from '../../i18n/active-locale';
import type { CookieAnswer } from '../../lib/cookie-consent';
import { AppLink } from './app-link';

/** The two choices; `label` names the button's words in the site copy. */
const CHOICES = [
  { answer: 'accepted', label: 'accept', className: 'btn-secondary px-5 py-2' },
  { answer: 'declined', label: 'decline', className: 'btn border-2 border-brand px-5 py-2 text-brand hover:bg-brand-pale' },
] as const;

interface CookieBannerCardProps {
  /** Absent on the banner painted with the page, whose buttons the start-up script answers (by their data-cookie-answer). */
  readonly onAnswer?: (answer: CookieAnswer) => void;
  /** Wraps the close icon (in its tooltip, once the floating dock has loaded). */
  readonly wrapClose?: (button: ReactElement) => ReactNode;
}

/** The cookie banner as it looks: the floating dock's live banner and the one painted with the page are the same card. */
export function CookieBannerCard({ onAnswer, wrapClose = (button) => button }: CookieBannerCardProps) {
  const copy = activeLocale().site.cookieBanner;
  return (
    <section
      aria-label={copy.label}
      className="pointer-events-auto relative w-full max-w-lg rounded-2xl bg-paper p-5 pr-12 text-ink shadow-2xl ring-1 ring-ink/10"
    >
      <h2 className="m-0 text-lg font-bold">{copy.heading}</h2>
      <p className="mb-4 mt-2 text-sm text-muted">
        {copy.text}{' '}
        <AppLink to={ROUTE_PATHS.privacy} className="font-semibold text-brand">
          {copy.link}
        </AppLink>
      </p>
      <div className="flex flex-wrap gap-3">
        {CHOICES.map(({ answer, label, className }) => (
          <button
            key={answer}
            type="button"
            data-cookie-answer={answer}
            className={className}
            onClick={onAnswer && (() => onAnswer(answer))}
          >
            {copy[label]}
          </button>
        ))}
      </div>
      {wrapClose(
        <button
          type="button"
          data-cookie-answer="closed"
          aria-label={copy.close}
          className="icon-btn absolute right-1 top-1 text-muted hover:bg-ink/5"
          onClick={onAnswer && (() => onAnswer('closed'))}
        >
          <span aria-hidden="true" className="i-lucide-x text-xl" />
        </button>,
      )}
    </section>
  );
}
