interface IconCardProps {
  readonly icon: string;
  readonly title: string;
  readonly children?: React.ReactNode;
}

/** A small card: icon, heading, text. */
export function IconCard({ icon, title, children }: IconCardProps) {
  return (
    <article className="card">
      <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-pale text-brand">
        <span aria-hidden="true" className={`${icon} text-2xl`} />
      </span>
      <h3 className="mb-0 mt-4 text-lg font-bold text-ink">{title}</h3>
      {children}
    </article>
  );
}
