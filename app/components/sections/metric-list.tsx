interface Metric {
  readonly value: string;
  readonly label: string;
}

const TONES = {
  dark: { item: 'bg-paper/10', value: 'text-accent-light' },
  light: { item: 'card', value: 'text-brand' },
} as const;

interface MetricListProps {
  readonly metrics: readonly Metric[];
  readonly tone: keyof typeof TONES;
  readonly className?: string;
}

/** A row of headline figures; the label is read first, as "Success Rate: 96%". */
export function MetricList({ metrics, tone, className = '' }: MetricListProps) {
  return (
    <dl className={`m-0 grid grid-cols-2 gap-4 md:grid-cols-4 ${className}`}>
      {metrics.map((metric) => (
        <div key={metric.label} className={`flex flex-col rounded-2xl p-5 text-center ${TONES[tone].item}`}>
          <dt className="order-2 mt-1 text-sm font-medium uppercase tracking-wide">{metric.label}</dt>
          <dd className={`order-1 m-0 text-3xl font-bold md:text-4xl ${TONES[tone].value}`}>{metric.value}</dd>
        </div>
      ))}
    </dl>
  );
}
