/**
 * The site's two kinds of list of short texts: bulleted points (risks, legal
 * items) and ticked ones (what a service or an offer includes). Each place
 * gives the spacing and colour it needs in `className`.
 */

interface ListProps {
  readonly items: readonly string[];
  readonly className: string;
}

export function BulletList({ items, className }: ListProps) {
  return (
    <ul className={`grid list-disc ${className}`}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** `tick` is the icon's class and colour, e.g. "i-lucide-check text-brand". */
export function TickList({ items, tick, className }: ListProps & { readonly tick: string }) {
  return (
    <ul className={`grid list-none p-0 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <span aria-hidden="true" className={`mt-0.5 shrink-0 ${tick}`} />
          {item}
        </li>
      ))}
    </ul>
  );
}
