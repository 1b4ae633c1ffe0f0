import { useId } from 'react';
import type { Figure } from '../../content/figures';
import { BulletList } from '../ui/lists';

const TONES = {
  dark: { item: 'bg-paper/10', value: 'text-accent-light', basis: 'text-paper/85', warning: 'bg-paper/10 text-paper' },
  light: { item: 'card', value: 'text-brand', basis: 'text-muted', warning: 'bg-accent-light/40 text-ink' },
} as const;

interface MetricListProps {
  readonly metrics: readonly Figure[];
  /** The warning that stands beside the figures, in the page's language. */
  readonly riskWarning: { readonly heading: string; readonly points: readonly string[] };
  readonly tone: keyof typeof TONES;
  readonly className?: string;
}

/**
 * A row of headline figures, each with what it counts and over which period,
 * and the risk warning right under the row: the figures never appear without
 * them (docs/product.md, "Claims in context"). The label is read first, as "Success Rate: 96%".
 */
export function MetricList({ metrics, riskWarning, tone, className = '' }: MetricListProps) {
  const warningId = useId();
  const colours = TONES[tone];
  return (
    <div className={className}>
      <dl aria-describedby={warningId} className="m-0 grid grid-cols-2 gap-4 md:grid-cols-4">
        {metrics.map((metric) => (
          <div key={metric.label} className={`flex flex-col rounded-2xl p-5 text-center ${colours.item}`}>
            <dt className="order-2 mt-1 text-sm font-medium uppercase tracking-wide">{metric.label}</dt>
            <dd className={`order-1 m-0 text-3xl font-bold md:text-4xl ${colours.value}`}>{metric.value}</dd>
            <dd className={`order-3 m-0 mt-2 text-xs leading-snug ${colours.basis}`}>{metric.basis}</dd>
          </div>
        ))}
      </dl>
      <div id={warningId} role="note" className={`mt-4 rounded-2xl px-5 py-4 text-left text-sm ${colours.warning}`}>
        <p className="m-0 font-semibold">{riskWarning.heading}</p>
        <BulletList items={riskWarning.points} className="mb-0 mt-1 gap-0.5 pl-5" />
      </div>
    </div>
  );
}
