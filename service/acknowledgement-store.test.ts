/**
 * The acknowledgement's rules in every store: queued with an accepted enquiry
 * (not with a held one until it is released), at most one per mailbox a day,
 * two per client key and a share of ENQUIRIES_PER_DAY in all, across
 * instances of a shared store.
 */
import { describe, expect, it, vi } from 'vitest';
import { ACKNOWLEDGEMENTS_PER_CLIENT, acknowledgementsPerDay } from './alerts/acknowledgement-limits';
import type { AlertRecord, TallyName } from './records';
import type { Store, SubmitOptions } from './store-interface';
import { validSubmission } from './test-support/fixtures';
import { useStoreBackends } from './test-support/store-backends';
import { releaseSpam } from './enquiry-records';
import { talliesSince } from './store-rules';

const backends = useStoreBackends();
const HOUR_MS = 60 * 60 * 1000;

const acknowledgements = async (store: Store): Promise<AlertRecord[]> =>
  (await store.records()).alerts.filter((alert) => alert.kind === 'acknowledgement');

/** Stores one submission at the given time (the store's clock is the process's). */
async function submitAt(store: Store, time: number, fields: Parameters<typeof validSubmission>[0] = {}) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(time);
  try {
    const result = await store.submitEnquiry(validSubmission(fields));
    if (result.outcome === 'conflict') throw new Error('unexpected conflict');
    return result.record;
  } finally {
    vi.useRealTimers();
  }
}

describe.each(backends)('acknowledgements in the $name store', (backend) => {
  const open = async (options: Parameters<typeof backend.openPair>[0] = {}) => (await backend.openPair(options))[0];

  it('are queued with an accepted enquiry, by e-mail, pending like any alert; none with a honeypot catch, none when off', async () => {
    const store = await open({ alertChannels: ['webhook'], acknowledge: true });
    const accepted = await store.submitEnquiry(validSubmission());
    await store.submitEnquiry(validSubmission({ email: 'bot@example.com', website: 'https://spam.example' }));
    const acknowledged = await acknowledgements(store);
    expect(acknowledged).toEqual([
      expect.objectContaining({
        enquiryId: accepted.outcome === 'created' ? accepted.record.id : null,
        channel: 'email',
        kind: 'acknowledgement',
        status: 'pending',
      }),
    ]);
    expect((await store.records()).alerts.map((alert) => alert.kind ?? 'enquiry').sort()).toEqual(['acknowledgement', 'enquiry']);

    const off = await open({ alertChannels: ['webhook'] });
    await off.submitEnquiry(validSubmission());
    expect(await acknowledgements(off)).toEqual([]);
  });

  it('go once a day to an address, whatever its case and spaces; another address gets its own', async () => {
    const store = await open({ acknowledge: true });
    const start = Date.parse('2026-11-30T09:00:00Z');
    await submitAt(store, start, { email: 'mei@example.com' });
    await submitAt(store, start + 1 * HOUR_MS, { email: ' MEI@Example.com ', message: 'And another thing.' });
    await submitAt(store, start + 2 * HOUR_MS, { email: 'lim@example.com' });
    await submitAt(store, start + 23 * HOUR_MS, { email: 'mei@example.com', message: 'Still there?' });
    expect(await acknowledgements(store)).toHaveLength(2);
    const nextDay = await submitAt(store, start + 24 * HOUR_MS + 1000, { email: 'mei@example.com', message: 'A new day.' });
    expect((await acknowledgements(store)).map((alert) => alert.enquiryId)).toContain(nextDay.id);
  });

  it('remember the day across a restart', async () => {
    const data = await backend.fresh();
    const first = await data.open({ acknowledge: true });
    await first.submitEnquiry(validSubmission());
    await data.close(first);
    const again = await data.open({ acknowledge: true });
    await again.submitEnquiry(validSubmission({ message: 'After the restart.' }));
    expect(await acknowledgements(again)).toHaveLength(1);
  });

  it('wait for a held enquiry’s release, and then go unless its address had one that day', async () => {
    const store = await open({ alertChannels: ['email'], acknowledge: true });
    const held = await store.submitEnquiry(validSubmission({ email: 'held@example.com', website: 'x' }));
    const heldAgain = await store.submitEnquiry(validSubmission({ email: 'accepted@example.com', website: 'y' }));
    await store.submitEnquiry(validSubmission({ email: 'accepted@example.com' }));
    expect(await acknowledgements(store)).toHaveLength(1);

    const released = await releaseSpam(store, held.outcome === 'created' ? held.record.id : '', ['email']);
    expect(released).not.toBeNull();
    await releaseSpam(store, heldAgain.outcome === 'created' ? heldAgain.record.id : '', ['email']);
    const acknowledged = await acknowledgements(store);
    expect(acknowledged).toHaveLength(2);
    expect(acknowledged.map((alert) => alert.enquiryId)).toContain(released!.id);
  });

  it('go once to an address that sends many enquiries at once, on every instance', async () => {
    const [a, b] = await backend.openPair({ alertChannels: ['email'], acknowledge: true });
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        (index % 2 === 0 ? a : b).submitEnquiry(validSubmission({ email: 'burst@example.com', message: `Question ${index}.` })),
      ),
    );
    const { enquiries, alerts } = await a.records();
    expect(enquiries).toHaveLength(12);
    expect(alerts.filter((alert) => alert.kind === 'acknowledgement')).toHaveLength(1);
    expect(alerts.filter((alert) => (alert.kind ?? 'enquiry') === 'enquiry')).toHaveLength(12);
  });
});

describe.each(backends)('the acknowledgement’s limits in the $name store', (backend) => {
  const submit = (store: Store, email: string, options: SubmitOptions = {}) =>
    store.submitEnquiry(validSubmission({ email, message: `From ${email}.` }), undefined, options);
  const skipped = async (store: Store, name: TallyName) =>
    (await talliesSince(store, '2000-01-01')).filter((tally) => tally.name === name).reduce((sum, tally) => sum + tally.count, 0);

  it('count one mailbox once: +tags, case, and Gmail’s dots and googlemail.com are the same mailbox', async () => {
    const [store] = await backend.openPair({ acknowledge: true });
    for (const [index, email] of ['victim+1@gmail.com', 'v.ictim+2@googlemail.com', 'VICTIM@gmail.com', 'v.i.c.t.i.m@GMAIL.com'].entries())
      await submit(store, email, { clientKeys: [`192.0.2.${index + 1}`] });
    // Elsewhere a dot is part of the name, but a +tag is still a tag.
    await submit(store, 'mei.lim@example.com', { clientKeys: ['192.0.2.10'] });
    await submit(store, 'meilim@example.com', { clientKeys: ['192.0.2.11'] });
    await submit(store, 'meilim+news@example.com', { clientKeys: ['192.0.2.12'] });
    const { enquiries } = await store.records();
    expect(enquiries).toHaveLength(7);
    const acknowledged = new Set((await acknowledgements(store)).map((alert) => alert.enquiryId));
    expect(enquiries.filter((enquiry) => acknowledged.has(enquiry.id)).map((enquiry) => enquiry.email)).toEqual([
      'victim+1@gmail.com',
      'mei.lim@example.com',
      'meilim@example.com',
    ]);
    expect(await skipped(store, 'acknowledgement-mailbox')).toBe(4);
  });

  it(`go at most ${ACKNOWLEDGEMENTS_PER_CLIENT} a day to one client key, an IPv6 client counted by its /48 too`, async () => {
    const [store] = await backend.openPair({ acknowledge: true, alertChannels: ['email'] });
    for (const email of ['one@example.com', 'two@example.com', 'three@example.com'])
      await submit(store, email, { clientKeys: ['198.51.100.7'] });
    await submit(store, 'four@example.com', { clientKeys: ['2001:db8:1:1::/64', '2001:db8:1::/48'] });
    await submit(store, 'five@example.com', { clientKeys: ['2001:db8:1:2::/64', '2001:db8:1::/48'] });
    await submit(store, 'six@example.com', { clientKeys: ['2001:db8:1:3::/64', '2001:db8:1::/48'] });
    await submit(store, 'seven@example.com', { clientKeys: ['198.51.100.8'] });
    const { enquiries, alerts } = await store.records();
    const acknowledged = new Set(alerts.filter((alert) => alert.kind === 'acknowledgement').map((alert) => alert.enquiryId));
    expect(enquiries.filter((enquiry) => acknowledged.has(enquiry.id)).map((enquiry) => enquiry.email)).toEqual([
      'one@example.com',
      'two@example.com',
      'four@example.com',
      'five@example.com',
      'seven@example.com',
    ]);
    // Every enquiry is alerted all the same.
    expect(alerts.filter((alert) => (alert.kind ?? 'enquiry') === 'enquiry')).toHaveLength(7);
    expect(await skipped(store, 'acknowledgement-client')).toBe(2);
  });

  it('go at most a tenth of ENQUIRIES_PER_DAY a UTC day in all, and again the next day', async () => {
    const [store] = await backend.openPair({ acknowledge: true });
    const dailyCeiling = 30;
    expect(acknowledgementsPerDay(dailyCeiling)).toBe(3);
    const start = Date.parse('2026-11-30T20:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    for (let index = 1; index <= 5; index += 1)
      await submit(store, `visitor${index}@example.com`, { clientKeys: [`203.0.113.${index}`], dailyCeiling });
    expect(await acknowledgements(store)).toHaveLength(3);
    expect(await skipped(store, 'acknowledgement-day')).toBe(2);
    vi.setSystemTime(start + 5 * HOUR_MS); // the next UTC day
    await submit(store, 'visitor6@example.com', { clientKeys: ['203.0.113.6'], dailyCeiling });
    vi.useRealTimers();
    expect(await acknowledgements(store)).toHaveLength(4);
  });

  it('hold on every instance at once: one per mailbox, two per client key', async () => {
    const [a, b] = await backend.openPair({ alertChannels: ['email'], acknowledge: true });
    const variants = [
      'victim@gmail.com',
      'victim+a@gmail.com',
      'v.ictim@gmail.com',
      'victim+b@googlemail.com',
      'Vic.tim@gmail.com',
      'victim+c@gmail.com',
    ];
    const fromOneClient = ['p@example.com', 'q@example.com', 'r@example.com', 's@example.com', 't@example.com', 'u@example.com'];
    await Promise.all([
      ...variants.map((email, index) => submit(index % 2 === 0 ? a : b, email, { clientKeys: [`192.0.2.${index + 1}`] })),
      ...fromOneClient.map((email, index) => submit(index % 2 === 0 ? a : b, email, { clientKeys: ['198.51.100.9'] })),
    ]);
    const { enquiries, alerts } = await a.records();
    expect(enquiries).toHaveLength(12);
    const acknowledged = new Set(alerts.filter((alert) => alert.kind === 'acknowledgement').map((alert) => alert.enquiryId));
    const emailsAcknowledged = enquiries.filter((enquiry) => acknowledged.has(enquiry.id)).map((enquiry) => enquiry.email);
    expect(emailsAcknowledged.filter((email) => variants.includes(email))).toHaveLength(1);
    expect(emailsAcknowledged.filter((email) => fromOneClient.includes(email))).toHaveLength(ACKNOWLEDGEMENTS_PER_CLIENT);
  });
});
