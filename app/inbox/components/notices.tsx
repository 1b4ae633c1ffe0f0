import type { ReactNode } from 'react';
import { TEXTS } from '../texts';

/** A refusal or failure, read out as soon as it appears. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="flex items-start gap-2 rounded-lg bg-danger-pale px-4 py-3 text-danger">
      <span aria-hidden="true" className="i-lucide-circle-alert mt-0.5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/**
 * Where the outcome of an action appears, read out politely. The region is
 * always there, empty until then: a live region added with its text in it
 * is not announced by every screen reader.
 */
export function StatusNote({ children }: { children?: ReactNode }) {
  return <div role="status">{children ? <p className="rounded-lg bg-brand-pale px-4 py-3 text-ink">{children}</p> : null}</div>;
}

/** While something loads, or when it could not be loaded: what went wrong, and a way to try again. */
export function LoadState({ error, onRetry }: { error: Error | undefined; onRetry: () => void }) {
  if (!error) return <p className="text-muted">{TEXTS.loading}</p>;
  return (
    <div className="space-y-3">
      <ErrorAlert>{TEXTS.failed(error.message)}</ErrorAlert>
      <button type="button" className="btn-secondary" onClick={onRetry}>
        {TEXTS.retry}
      </button>
    </div>
  );
}
