/**
 * Where an enquiry stands against the 24-hour promise: still New, it has so
 * long left or is overdue by so long; replied or closed, it is answered.
 */
import type { InboxStatus } from '../../../contract/inbox';

export type PromiseStanding = { kind: 'left'; ms: number } | { kind: 'overdue'; ms: number } | { kind: 'answered' };

export function promiseStanding(status: InboxStatus, answerBy: string, now: number): PromiseStanding {
  if (status !== 'new') return { kind: 'answered' };
  const left = Date.parse(answerBy) - now;
  return left >= 0 ? { kind: 'left', ms: left } : { kind: 'overdue', ms: -left };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A span in its two largest units, rounded down: "2 d 4 h", "3 h 20 min", "45 min", "0 min". */
export function formatSpan(ms: number): string {
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return `${minutes} min`;
}
