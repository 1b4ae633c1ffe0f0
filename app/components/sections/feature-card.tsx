import { IconBadge } from './icon-card';
import { TickList } from '../ui/lists';

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
      <TickList items={card.features} tick="i-lucide-check text-brand" className="mb-0 mt-4 gap-2 text-ink" />
    </article>
  );
}
