/**
 * References (TW- and an id's first 8 hexadecimal digits) are unique in the
 * store, on either store: a new enquiry or held record whose drawn id has a
 * taken reference gets another id. The ids are forced to collide through the
 * store's `newId` option (the test's own id source); the inbox opens each
 * enquiry by its id.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { enquiryReference } from '../contract/reference';
import { createApp } from './app';
import { listen, makeSiteFixture, makeTempDir, validSubmission } from './test-support/fixtures';
import { enrolledStaff } from './test-support/inbox';
import { auditEntry } from './test-support/inbox-records';
import { useStoreBackends } from './test-support/store-backends';
import { appendAudit } from './audit-append';
import { findEnquiry, releaseSpam } from './enquiry-records';

const backends = useStoreBackends();

/** Ids that all share their first 32 bits, so their references are one. */
const colliding = (count: number) =>
  Array.from({ length: count }, (_, index) => `abcdef12-0000-4000-8000-${String(index + 1).padStart(12, '0')}`);

describe.each(backends.map((backend) => [backend.name, backend] as const))('references, on the %s store', (_, backend) => {
  it('two enquiries whose ids share their first 32 bits get distinct references, and so does a held record; the inbox opens each', async () => {
    const ids: string[] = [];
    const store = await (await backend.fresh()).open({ newId: () => ids.shift() ?? randomUUID() });

    ids.push(...colliding(1));
    const first = await store.submitEnquiry(validSubmission({ firstName: 'Aisyah' }));
    ids.push(...colliding(3));
    const second = await store.submitEnquiry(validSubmission({ firstName: 'Mei Ling' }));
    ids.push(...colliding(2));
    const held = await store.submitEnquiry(validSubmission({ firstName: 'Kavitha' }), undefined, { holdFor: 'no-javascript' });
    if (first.outcome !== 'created' || second.outcome !== 'created' || held.outcome !== 'created') throw new Error('not stored');

    expect(first.record.id).toBe(colliding(1)[0]);
    const references = [first, second, held].map(({ record }) => enquiryReference(record.id));
    expect(references[0]).toBe('TW-ABCDEF12');
    expect(new Set(references).size).toBe(3);

    // Released, a held record keeps its id, and so its reference.
    const released = await releaseSpam(store, held.record.id, []);
    expect(released?.id).toBe(held.record.id);
    expect((await findEnquiry(store, 'TW-ABCDEF12'))?.firstName).toBe('Aisyah');

    const temp = await makeTempDir();
    const server = await listen(
      createApp({
        store,
        distDir: await makeSiteFixture(temp.dir),
        rateLimitPerMinute: 0,
        trustProxy: false,
        timeZone: 'UTC',
        log: () => {},
      }),
    );
    try {
      const { client } = await enrolledStaff({ store, server }, 'nurul');
      for (const [record, reference] of [first, second, held].map(({ record }, index) => [record, references[index]] as const)) {
        const answer = await client.get(`/enquiries/${record.id}`);
        expect(answer.status).toBe(200);
        expect(answer.json().enquiry).toMatchObject({ id: record.id, reference, firstName: record.firstName });
      }
    } finally {
      await server.close();
      await temp.remove();
    }
  });

  it('does not give a deleted enquiry’s reference, still named by the audit log, to a new one (its page would show the old history)', async () => {
    const ids: string[] = [];
    const data = await backend.fresh();
    let store = await data.open({ newId: () => ids.shift() ?? randomUUID() });
    ids.push(...colliding(1));
    const gone = await store.submitEnquiry(validSubmission({ email: 'gone@example.com' }));
    if (gone.outcome !== 'created') throw new Error('not stored');
    await appendAudit(store, auditEntry({ action: 'view', reference: enquiryReference(gone.record.id) }));
    expect((await store.deleteByEmail('gone@example.com')).enquiries).toBe(1);
    // Read again from what is stored, as after a restart.
    await data.close(store);
    store = await data.open({ newId: () => ids.shift() ?? randomUUID() });
    ids.push(...colliding(2));
    const next = await store.submitEnquiry(validSubmission({ email: 'next@example.com' }));
    if (next.outcome !== 'created') throw new Error('not stored');
    expect(enquiryReference(next.record.id)).not.toBe(enquiryReference(gone.record.id));
    await data.close(store);
  });
});
