import { PageHeading } from './page-heading';
import { TEXTS } from '../texts';

/** The ten recovery codes, shown once, until the person says they are saved. */
export function RecoveryCodes({ codes, onSaved, asPage = false }: { codes: readonly string[]; onSaved: () => void; asPage?: boolean }) {
  const t = TEXTS.recovery;
  return (
    <section aria-labelledby={asPage ? undefined : 'recovery-codes-heading'} className="card space-y-4">
      {asPage ? (
        <PageHeading title={t.heading} />
      ) : (
        <h2 id="recovery-codes-heading" className="text-xl font-bold text-ink">
          {t.heading}
        </h2>
      )}
      <p>{t.lead}</p>
      <ol aria-label={t.listLabel} className="grid grid-cols-1 gap-2 font-mono text-lg sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-paper-warm px-3 py-1.5 tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <button type="button" className="btn-secondary" onClick={onSaved}>
        {t.saved}
      </button>
    </section>
  );
}
