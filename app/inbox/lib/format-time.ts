/** A stored time (UTC ISO) as staff read it, in the operator's time zone: "2 Dec 2026, 18:05". */
export function formatTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}
