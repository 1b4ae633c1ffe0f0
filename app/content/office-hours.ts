/**
 * The office's hours: one source for the contact page's line in each
 * language (locales/<code>/figures.ts words it) and for the JSON-LD (seo.ts).
 */
export const OFFICE_HOURS = {
  /** ISO weekdays: Monday is 1, Sunday 7. */
  firstDay: 1,
  lastDay: 5,
  /** Whole hours on the 24-hour clock. */
  opens: 9,
  closes: 18,
} as const;

/** A weekday's name in a language: `names` lists Monday to Sunday. */
export function dayName(names: readonly string[], isoDay: number): string {
  return names[isoDay - 1]!;
}
