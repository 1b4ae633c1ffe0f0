/**
 * ENQUIRIES_PER_DAY, the daily ceiling on accepted enquiries across all
 * addresses and instances: the store holds every enquiry past it for review
 * (Store.submitEnquiry's dailyCeiling), and the operator is told once a UTC
 * day, the first time it happens, by an operator alert on every alert channel
 * (alerts/operator-alerts.ts): its day's key makes it once a day across
 * instances, and the outbox retries it while a channel is down.
 */
import { raiseOperatorNotice, type NoticeOptions } from '../alerts/operator-alerts';
import { utcDay } from '../records';

export interface CeilingAlertOptions extends NoticeOptions {
  ceiling: number;
}

export interface CeilingAlert {
  /** After an enquiry was held for the ceiling: queues the alert, unless this day's was queued. Never throws. */
  passed(now: Date): Promise<void>;
}

export function createCeilingAlert({ ceiling, ...options }: CeilingAlertOptions): CeilingAlert {
  // Every post past the ceiling comes here: after the day's alert is queued, they need not ask the store.
  let queuedDay: string | null = null;

  return {
    async passed(now) {
      const day = utcDay(now);
      if (queuedDay === day || options.alertChannels.length === 0) return;
      queuedDay = day;
      const text = [
        `More than ${ceiling.toLocaleString('en')} enquiries (ENQUIRIES_PER_DAY) were accepted on ${day} (UTC).`,
        'Until the UTC day ends, new enquiries are held for review and nobody is alerted about them.',
        'Read them with npm run enquiries -- spam, or in the inbox under Held for review, and release the real ones.',
        'If the enquiries accepted today are a flood of spam, look at them in the inbox before raising the ceiling.',
        '',
      ].join('\n');
      const subject = `Daily ceiling reached on ${day}: new enquiries are held for review`;
      const queued = await raiseOperatorNotice(
        options,
        { key: `ceiling-${day}`, event: 'ceiling.reached', subject, text },
        {
          queued: { msg: 'daily ceiling reached: new enquiries are held for review', day, ceiling },
          failed: { msg: 'the daily ceiling alert could not be queued', day },
        },
        now,
      );
      if (!queued) queuedDay = null;
    },
  };
}
