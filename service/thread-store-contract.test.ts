/**
 * An enquiry's thread (the `messages` collection) on both stores: the lowdb
 * files and a real PostgreSQL server started for this file. A message is put
 * in a transaction, read back by id and found by its enquiry oldest first,
 * survives a restart as written, and goes with its enquiry.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { MessageRecord } from './records';
import type { Store } from './store-interface';
import { validSubmission } from './test-support/fixtures';
import { useStoreBackends } from './test-support/store-backends';

const backends = useStoreBackends();

const T0 = Date.parse('2026-03-02T01:00:00.000Z');
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function submitAt(store: Store, time: number, email = 'ann@example.com') {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(time);
  try {
    const result = await store.submitEnquiry(validSubmission({ email }));
    if (result.outcome === 'conflict') throw new Error('unexpected conflict');
    return result.record;
  } finally {
    vi.useRealTimers();
  }
}

/** Every field a reply has. */
const reply = (enquiryId: string, time: number): MessageRecord => ({
  id: randomUUID(),
  enquiryId,
  kind: 'reply',
  createdAt: iso(time),
  userId: randomUUID(),
  userName: 'advisor.ann',
  messageId: `<${randomUUID()}@teratai.example>`,
  subject: 'Re: Your enquiry TW-12345678',
  text: 'Dear Ann,\n\nThank you for your enquiry.\n',
  sha256: 'a'.repeat(64),
  checkCode: 'ABCDEFGH',
});

/** Every field an answer has, some no reply has. */
const answer = (enquiryId: string, time: number): MessageRecord => ({
  id: randomUUID(),
  enquiryId,
  kind: 'answer',
  createdAt: iso(time),
  messageId: '<CAF=answer@mail.example>',
  from: 'someone.else@example.com',
  otherAddress: true,
  subject: 'Re: Your enquiry TW-12345678',
  text: 'Thursday suits me.',
  quoted: '> Dear Ann,\n> Thank you for your enquiry.',
  attachments: [
    { name: 'statement.pdf', size: 12_345 },
    { name: 'ic.jpg', size: 0 },
  ],
  sha256: 'b'.repeat(64),
});

/** The fewest fields: a hand-off to WhatsApp. */
const whatsapp = (enquiryId: string, time: number): MessageRecord => ({
  id: randomUUID(),
  enquiryId,
  kind: 'whatsapp',
  createdAt: iso(time),
  userId: randomUUID(),
  userName: 'ben',
  text: '',
});

describe.each(backends)('the $name store’s threads', (backend) => {
  it('put messages of every kind, read them back by id as written, and find an enquiry’s oldest first, on every instance', async () => {
    const [a, b] = await backend.openPair();
    const first = await submitAt(a, T0);
    const second = await submitAt(a, T0 + MINUTE, 'ben@example.com');
    const thread = [reply(first.id, T0 + 2 * MINUTE), answer(first.id, T0 + 3 * MINUTE), whatsapp(first.id, T0 + 4 * MINUTE)];
    const other = reply(second.id, T0 + 2 * MINUTE);
    // Written out of order: found by time, not by when they were put.
    for (const message of [thread[2]!, other, thread[0]!, thread[1]!]) await a.atomically((tx) => tx.put('messages', message));
    expect(await b.find('messages', { enquiryId: first.id })).toEqual(thread);
    expect(await b.find('messages', { enquiryId: second.id })).toEqual([other]);
    expect(await b.find('messages', { enquiryId: randomUUID() })).toEqual([]);
    for (const message of [...thread, other]) expect(await b.get('messages', message.id)).toEqual(message);
    expect(await b.get('messages', randomUUID())).toBeNull();
    expect(await b.get('messages', 'not-a-uuid')).toBeNull();
  });

  it('find a message by its Message-ID and by its sender; replace it in place; delete it', async () => {
    const [a, b] = await backend.openPair();
    const enquiry = await submitAt(a, T0);
    const sent = reply(enquiry.id, T0 + MINUTE);
    const came = answer(enquiry.id, T0 + 2 * MINUTE);
    await a.atomically(async (tx) => {
      await tx.put('messages', sent);
      await tx.put('messages', came);
    });
    expect(await b.find('messages', { messageId: sent.messageId })).toEqual([sent]);
    expect(await b.find('messages', { from: 'someone.else@example.com' })).toEqual([came]);
    expect(await b.find('messages', { kind: 'whatsapp' })).toEqual([]);
    const { sha256: _sha256, ...unsent } = sent;
    await b.atomically((tx) => tx.put('messages', unsent));
    expect(await a.find('messages', { enquiryId: enquiry.id })).toEqual([unsent, came]);
    expect(await b.atomically((tx) => tx.delete('messages', came.id))).toBe(true);
    expect(await b.atomically((tx) => tx.delete('messages', came.id))).toBe(false);
    expect(await a.find('messages', { enquiryId: enquiry.id })).toEqual([unsent]);
  });

  it('keep a thread across a restart', async () => {
    const data = await backend.fresh();
    const store = await data.open();
    const enquiry = await submitAt(store, T0);
    const thread = [reply(enquiry.id, T0 + MINUTE), answer(enquiry.id, T0 + 2 * MINUTE), whatsapp(enquiry.id, T0 + 3 * MINUTE)];
    for (const message of thread) await store.atomically((tx) => tx.put('messages', message));
    await data.close(store);
    const again = await data.open();
    expect(await again.find('messages', { enquiryId: enquiry.id })).toEqual(thread);
  });

  it('lose an enquiry’s thread with it, deleted by e-mail or by retention, and no other', async () => {
    const store = (await backend.openPair())[0];
    const old = await submitAt(store, T0, 'old@example.com');
    const gone = await submitAt(store, T0 + 60 * MINUTE, 'gone@example.com');
    const kept = await submitAt(store, T0 + 120 * MINUTE, 'kept@example.com');
    for (const record of [old, gone, kept]) await store.atomically((tx) => tx.put('messages', reply(record.id, T0 + 180 * MINUTE)));
    expect(await store.deleteByEmail('gone@example.com')).toEqual({ enquiries: 1, spam: 0 });
    expect(await store.find('messages', { enquiryId: gone.id })).toEqual([]);
    expect(await store.deleteOlderThan(new Date(T0 + MINUTE))).toEqual({ enquiries: 1, spam: 0 });
    expect(await store.find('messages', { enquiryId: old.id })).toEqual([]);
    expect(await store.find('messages', { enquiryId: kept.id })).toHaveLength(1);
  });

  it('are found with their enquiries by the visitor’s address, in any case, and no one else’s', async () => {
    const store = (await backend.openPair())[0];
    const ann = await submitAt(store, T0, 'Ann@Example.com');
    const ben = await submitAt(store, T0 + MINUTE, 'ben@example.com');
    const annsThread = [reply(ann.id, T0 + 2 * MINUTE), answer(ann.id, T0 + 3 * MINUTE)];
    for (const message of [...annsThread, reply(ben.id, T0 + 2 * MINUTE)]) await store.atomically((tx) => tx.put('messages', message));
    expect((await store.recordsByEmail('ann@EXAMPLE.com')).messages).toEqual(annsThread);
  });

  it('found and deleted by an address include the answers sent from it to another’s enquiry', async () => {
    const store = (await backend.openPair())[0];
    const ann = await submitAt(store, T0, 'ann@example.com');
    const ben = await submitAt(store, T0 + MINUTE, 'ben@example.com');
    const annsOwn = reply(ann.id, T0 + 2 * MINUTE);
    // Ann answered, from her address, the reply to Ben's enquiry.
    const annToBen = { ...answer(ben.id, T0 + 3 * MINUTE), from: 'ann@example.com' };
    const bensReply = reply(ben.id, T0 + 4 * MINUTE);
    for (const message of [annsOwn, annToBen, bensReply]) await store.atomically((tx) => tx.put('messages', message));
    expect((await store.recordsByEmail(' ANN@example.com')).messages).toEqual([annsOwn, annToBen]);
    expect((await store.recordsByEmail('ben@example.com')).messages).toEqual([annToBen, bensReply]);
    expect(await store.deleteByEmail('Ann@Example.com')).toEqual({ enquiries: 1, spam: 0 });
    expect(await store.find('messages', { enquiryId: ben.id })).toEqual([bensReply]);
    expect((await store.recordsByEmail('ann@example.com')).messages).toEqual([]);
  });
});
