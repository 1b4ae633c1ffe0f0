/** The reminder applies to a visitor's answer as to a new enquiry, on both stores. */
import { describe, expect, it } from 'vitest';
import type { EnquiryRecord } from '../records';
import { queueDueReminders, queueReminders } from '../reminders';
import type { Store } from '../store-interface';
import { validSubmission } from '../test-support/fixtures';
import { useStoreBackends } from '../test-support/store-backends';
import type { ParsedAnswer } from './parse-mail';
import { recordAnswer } from './record-answer';
import { findEnquiry, updateEnquiry } from '../enquiry-records';

const HOUR_MS = 60 * 60 * 1000;
const HOURS = 20;
const backends = useStoreBackends();

const answer = (text: string): ParsedAnswer => ({
  sha256: text
    .padEnd(64, '0')
    .slice(0, 64)
    .replace(/[^0-9a-f]/g, 'a'),
  references: [],
  from: 'aisyah@example.com',
  recipients: [],
  subject: 'Re: Your enquiry',
  text,
  attachments: [],
  automatic: false,
});

async function answered(store: Store, enquiry: EnquiryRecord, text: string, at: Date) {
  const cursor = { uidValidity: '1', lastUid: 1 };
  await recordAnswer(store, { enquiry, mail: answer(text), cursorKey: 'k', cursor, channels: [], now: at });
}

const reminders = async (store: Store, enquiry: EnquiryRecord) =>
  (await store.find('alerts', { enquiryId: enquiry.id })).filter((alert) => alert.kind === 'reminder');

describe.each(backends)('on $name', (backend) => {
  it('reminds of an answer still New reply the reminder hours after it came, once per answer, after the enquiry’s own reminder', async () => {
    const [store] = await backend.openPair();
    const created = await store.submitEnquiry(validSubmission());
    const enquiry = created.outcome === 'created' ? (created.record as EnquiryRecord) : expect.unreachable();
    // The enquiry's own reminder, while it was New.
    expect(await queueReminders(store, new Date(0), new Date(Date.now() + 1000), ['email', 'webhook'])).toBe(1);

    // A second after the enquiry's reminder: what came before an answer is no reminder of it.
    const firstAt = new Date(Date.now() + 1000);
    await answered(store, enquiry, 'first', firstAt);
    const look = (at: number) =>
      queueDueReminders({ store, hours: HOURS, channels: ['email', 'webhook'], log: () => {}, now: () => new Date(at) });
    expect(await look(firstAt.getTime() + HOURS * HOUR_MS - 60_000)).toBe(0);
    expect(await look(firstAt.getTime() + HOURS * HOUR_MS + 60_000)).toBe(1);
    expect(await look(firstAt.getTime() + HOURS * HOUR_MS + 120_000)).toBe(0);
    expect((await reminders(store, enquiry)).map((alert) => alert.channel)).toEqual(['email', 'webhook', 'email', 'webhook']);

    // Replied: no reminder of it. Another answer: reminded again.
    await updateEnquiry(store, enquiry.id, { status: 'replied' });
    expect(await look(firstAt.getTime() + HOURS * HOUR_MS + 180_000)).toBe(0);
    const secondAt = new Date(firstAt.getTime() + HOURS * HOUR_MS + 600_000);
    await answered(store, enquiry, 'second', secondAt);
    expect((await findEnquiry(store, enquiry.id))?.status).toBe('new-reply');
    expect(await look(secondAt.getTime() + HOURS * HOUR_MS + 60_000)).toBe(1);
    expect(await look(secondAt.getTime() + HOURS * HOUR_MS + 120_000)).toBe(0);
    expect(await reminders(store, enquiry)).toHaveLength(6);
  });
});
