/**
 * The acknowledgement's rules in every store: queued with an accepted enquiry
 * (not with a held one until it is released), at most one per address a day,
 * across instances of a shared store.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AlertRecord } from './records';
import type { Store } from './store-interface';
import { validSubmission } from './test-support/fixtures';
import { useStoreBackends } from './test-support/store-backends';

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

    const released = await store.releaseSpam(held.outcome === 'created' ? held.record.id : '', ['email']);
    expect(released).not.toBeNull();
    await store.releaseSpam(heldAgain.outcome === 'created' ? heldAgain.record.id : '', ['email']);
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
