import { IconBadge } from './icon-card';

/** A service card's words. */
export interface ServiceCard {
  readonly title: string;
  readonly description: string;
  readonly features: readonly string[];
}

/** A service with its icon, description and features ticked off. */
export function FeatureCard({ card, icon }: { card: ServiceCard; icon: string }) {
  return (
    <article className="card flex flex-col">
      <IconBadge icon={icon} />
      <h3 className="mb-0 mt-4 text-xl font-bold text-ink">{card.title}</h3>
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
