/** A card's icon on its pale square. */
export function IconBadge({ icon }: { icon: string }) {
  return (
    <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-pale text-brand">
      <span aria-hidden="true" className={`${icon} text-2xl`} />
    </span>
  );
}

interface IconCardProps {
  readonly icon: string;
  readonly title: string;
  readonly description: string;
}

/** A small card: icon, heading, text. */
export function IconCard({ icon, title, description }: IconCardProps) {
  return (
    <article className="card">
      <IconBadge icon={icon} />
      <h3 className="mb-0 mt-4 text-lg font-bold text-ink">{title}</h3>
      <p className="mb-0 mt-2 text-muted">{description}</p>
    </article>
  );
}
