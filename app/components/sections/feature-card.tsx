import type { ServiceCard } from '../../content/services';

/** A service with its icon, description and features ticked off. */
export function FeatureCard({ card, headingLevel = 3 }: { card: ServiceCard; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card flex flex-col">
      <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-pale text-brand">
        <span aria-hidden="true" className={`${card.icon} text-2xl`} />
      </span>
      <Heading className="mb-0 mt-4 text-xl font-bold text-ink">{card.title}</Heading>
      <p className="mb-0 mt-2 text-muted">{card.description}</p>
      <ul className="mb-0 mt-4 grid list-none gap-2 p-0">
        {card.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2 text-ink">
            <span aria-hidden="true" className="i-lucide-check mt-0.5 shrink-0 text-brand" />
            {feature}
          </li>
        ))}
      </ul>
    </article>
  );
}
