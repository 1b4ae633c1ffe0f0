import type { ReactNode } from 'react';

interface TitledSectionProps {
  /** The heading's id, which names the section for assistive technology. */
  readonly id: string;
  readonly title: string;
  readonly lead?: string;
  /** A pale band instead of the page background. */
  readonly tinted?: boolean;
  readonly children: ReactNode;
}

/** A page section under an h2, in the page's column. */
export function TitledSection({ id, title, lead, tinted = false, children }: TitledSectionProps) {
  return (
    <section className={`section ${tinted ? 'bg-brand-pale' : ''}`} aria-labelledby={id}>
      <div className="page-container">
        <h2 id={id} className="section-title m-0">
          {title}
        </h2>
        {lead ? <p className="section-lead">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}
