/**
 * ENQUIRIES_PER_DAY, the daily ceiling on accepted enquiries across all
 * addresses and instances: the store holds every enquiry past it for review
 * (Store.submitEnquiry's dailyCeiling), and the operator is told once a UTC
 * day, by e-mail and webhook, the first time it happens. One instance tells
 * (Store.claimDaily); if no channel takes the notice the claim is given back
 * and the next held enquiry tries again.
 */
import escapeHtml from 'escape-html';
import type { Log } from '../log';
import { utcDay } from '../records';
import type { Store } from '../store-interface';
import type { OperatorNotices } from './operator-notices';

export interface CeilingAlertOptions {
  store: Pick<Store, 'claimDaily' | 'releaseDaily'>;
  notices: OperatorNotices;
  ceiling: number;
  log: Log;
}

export interface CeilingAlert {
  /** After an enquiry was held for the ceiling: alerts, unless this day's alert was made. Never throws. */
  passed(now: Date): Promise<void>;
}

export function createCeilingAlert({ store, notices, ceiling, log }: CeilingAlertOptions): CeilingAlert {
  let alertedDay: string | null = null;

  /** Resolves once at least one configured channel took it; else throws why none did. */
  async function alert(day: string) {
    const text = [
      `More than ${ceiling.toLocaleString('en')} enquiries (ENQUIRIES_PER_DAY) were accepted on ${day} (UTC).`,
      'Until the UTC day ends, new enquiries are held for review and nobody is alerted about them.',
      'Read them with npm run enquiries -- spam, or in the inbox under Held for review, and release the real ones.',
      'If the enquiries accepted today are a flood of spam, look at them in the inbox before raising the ceiling.',
      '',
    ].join('\n');
    const subject = `Daily ceiling reached on ${day}: new enquiries are held for review`;
    const outcomes = await Promise.allSettled([
      notices.mail({ subject, text, html: `<pre>${escapeHtml(text)}</pre>`, messageId: `ceiling-${day}` }),
      notices.webhook('ceiling.reached', `ceiling-${day}`, { day, ceiling }),
    ]);
    if (outcomes.some((outcome) => outcome.status === 'fulfilled' && outcome.value)) return;
    throw new Error(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : '')).join(' '));
  }

  return {
    async passed(now) {
      const day = utcDay(now);
      if (alertedDay === day || (!notices.canMail && !notices.canPost)) return;
      alertedDay = day;
      try {
        if (!(await store.claimDaily('ceiling-alerted', day))) return;
        try {
          await alert(day);
        } catch (error) {
          await store.releaseDaily('ceiling-alerted', day);
          throw error;
        }
        log({ level: 'warn', msg: 'daily ceiling reached: new enquiries are held for review', day, ceiling });
      } catch (error) {
        alertedDay = null;
        log({ level: 'error', msg: 'the daily ceiling alert could not be sent', day, error: String(error) });
      }
    },
  };
}
