/**
 * The reminder applies to a visitor's answer as to a new enquiry: an
 * enquiry still New reply RESPONSE_REMINDER_HOURS after its latest answer
 * came gets one `reminder` alert per channel, once per answer, however
 * many instances look (reminders.ts looks, every minute).
 */
import { newAlert } from '../alerts/alert-records';
import type { AlertChannel, AlertRecord } from '../records';
import type { Store } from '../store-interface';

/** Enquiries read at a time; New reply is a short list, as New is. */
const PAGE = 200;
/** Held while the answers due a reminder are reminded: two instances looking at once remind each once. */
const ANSWER_REMINDERS_LOCK = 'answer-reminders';

type Reads = Pick<Store, 'listEnquiries' | 'find' | 'atomically'>;

/** The enquiries still New reply whose latest answer came from `since` to before `cutoff`, with that answer's time. */
async function answeredBetween(store: Reads, since: string, cutoff: string): Promise<{ id: string; answeredAt: string }[]> {
  const due: { id: string; answeredAt: string }[] = [];
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const { enquiries, more } = await store.listEnquiries({ status: 'new-reply', limit: PAGE, ...(after && { after }) });
    for (const enquiry of enquiries) {
      const answeredAt = (await store.find('messages', { enquiryId: enquiry.id })).findLast(
        (message) => message.kind === 'answer',
      )?.createdAt;
      if (answeredAt !== undefined && answeredAt >= since && answeredAt < cutoff) due.push({ id: enquiry.id, answeredAt });
    }
    const last = enquiries.at(-1);
    if (!more || !last) return due;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** Queues the reminders of answers left unanswered; resolves with how many enquiries got one. */
export async function queueAnswerReminders(
  store: Reads,
  since: Date,
  cutoff: Date,
  channels: readonly AlertChannel[],
  now = new Date(),
): Promise<number> {
  if (channels.length === 0) return 0;
  const due = await answeredBetween(store, since.toISOString(), cutoff.toISOString());
  if (due.length === 0) return 0;
  return store.atomically(async (tx) => {
    await tx.lock(ANSWER_REMINDERS_LOCK);
    const createdAt = now.toISOString();
    const alerts: AlertRecord[] = [];
    for (const { id, answeredAt } of due) {
      const reminded = (await tx.find('alerts', { enquiryId: id })).some(
        (alert) => alert.kind === 'reminder' && alert.createdAt >= answeredAt,
      );
      if (!reminded) alerts.push(...channels.map((channel) => ({ ...newAlert({ id, createdAt }, channel), kind: 'reminder' as const })));
    }
    await tx.queueAlerts(alerts);
    return alerts.length / channels.length;
  });
}
