/**
 * Nothing answered "Message Sent!" is deleted to make room: the held queue
 * is bounded by refusing to store, through the real service on both stores,
 * with real posts from many loopback addresses, and the operator is told
 * through the alert outbox at a real SMTP server and webhook receiver.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRAND } from '../../contract/brand';
import { classifyAnswer, NO_ROOM_STATUS } from '../../contract/contact-delivery';
import { SERVICE_ANSWER_HEADER } from '../../contract/http';
import { startAlertDispatcher, type AlertDispatcher } from '../alerts/alert-dispatcher';
import { createOutboxSenders } from '../alerts/alert-senders';
import { createApp } from '../app';
import { openFileStore } from '../db/file-store';
import { openPostgresStore, type PostgresStore } from '../db/postgres/postgres-store';
import { silentLog } from '../log';
import type { Store } from '../store-interface';
import { HELD_LIMIT, talliesSince } from '../store-rules';
import { listen, validEnquiry, validSubmission, type Running } from '../test-support/fixtures';
import { requestFrom, type Answer } from '../test-support/loopback-clients';
import { useAlertReceivers, useSite } from '../test-support/per-test';
import { usePostgresPerFile } from '../test-support/postgres-per-file';
import { runCli } from '../test-support/run-cli';
import { HELD_PER_CLIENT } from './held-admission';
import { findSpam, heldRecords } from '../enquiry-records';

const postgres = usePostgresPerFile();
const FLOOD_ADDRESSES = 101;
const POSTS_PER_ADDRESS = 10; // RATE_LIMIT_PER_MINUTE's default: inside the limit
const AT_ONCE = 10; // addresses posting at the same time
/** A thousand posts take 5-8 s alone; two loaded cores shared with other files have taken 30. */
const FLOOD_TIMEOUT_MS = 90_000;

const site = useSite();
const receivers = useAlertReceivers();
let store: Store;
let server: Running | undefined;
let dispatcher: AlertDispatcher | undefined;

interface Backend {
  name: string;
  open(): Promise<{ store: Store; env: Record<string, string> }>;
}

const backends: Backend[] = [
  {
    name: 'lowdb',
    async open() {
      return { store: await openFileStore(site.dbFile, { alertChannels: ['email', 'webhook'] }), env: { DB_FILE: site.dbFile } };
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      const url = await postgres().createDatabase();
      return { store: await openPostgresStore(url, { alertChannels: ['email', 'webhook'] }), env: { DATABASE_URL: url } };
    },
  },
];

afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  server = undefined;
  await dispatcher?.stop();
  dispatcher = undefined;
  await store?.close();
});

async function start(opened: Store) {
  store = opened;
  server = await listen(
    createApp({
      store,
      distDir: site.distDir,
      rateLimitPerMinute: POSTS_PER_ADDRESS,
      trustProxy: false,
      rateLimitPool: (store as Partial<PostgresStore>).pool,
      contactChallenge: true,
      alertChannels: ['email', 'webhook'],
      log: silentLog,
    }),
  );
  return server.url;
}

/** The form as a browser posts it with JavaScript off, from `from`. */
function postForm(url: string, from: string, fields: Record<string, string> = {}): Promise<Answer> {
  return requestFrom(url, {
    from,
    method: 'POST',
    path: '/api/contact',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...validEnquiry(), website: '', ...fields } as Record<string, string>).toString(),
  });
}

/** Holds records straight in the store until it holds `count`. */
async function fillHeldTo(count: number) {
  for (let index = (await store.heldUsage()).records; index < count; index += 1) {
    await store.submitEnquiry(validSubmission({ message: `Filler ${index}` }), undefined, { holdFor: 'many-links' });
  }
}

const NO_ROOM = {
  en: 'Your message could not be taken right now',
  ms: 'Mesej anda tidak dapat diterima buat masa ini',
  zh: '您的信息暂时无法接收',
} as const;

function expectNoRoom(answer: Answer, locale: keyof typeof NO_ROOM) {
  expect(answer.status).toBe(NO_ROOM_STATUS);
  expect(answer.body).toContain(NO_ROOM[locale]);
  expect(answer.body).toContain(BRAND.email);
  expect(answer.body).toContain(BRAND.phone.display);
  expect(answer.body).not.toContain('Message Sent!');
}

describe.each(backends)('the $name store', (backend) => {
  it(
    'keeps a held no-JS enquiry through a flood of 1,010 form posts from 101 addresses, and refuses honestly what has no room',
    async () => {
      const url = await start((await backend.open()).store);
      const visitor = await postForm(url, '127.0.0.2', { message: 'My browser has JavaScript off. Please call me.' });
      expect(visitor.status).toBe(201);
      expect(visitor.body).toContain('Message Sent!');
      const [held] = await heldRecords(store, 1);
      expect(held).toMatchObject({ reason: 'no-javascript', message: 'My browser has JavaScript off. Please call me.' });

      const addresses = Array.from({ length: FLOOD_ADDRESSES }, (_, index) => `127.0.1.${index + 1}`);
      const answers: Answer[][] = [];
      for (let first = 0; first < addresses.length; first += AT_ONCE) {
        const batch = addresses.slice(first, first + AT_ONCE).map(async (from) => {
          const mine: Answer[] = [];
          for (let post = 0; post < POSTS_PER_ADDRESS; post += 1)
            mine.push(await postForm(url, from, { message: `Flood ${from} ${post}` }));
          return mine;
        });
        answers.push(...(await Promise.all(batch)));
      }

      // Each address: its first HELD_PER_CLIENT held and told "sent", the rest refused, none rate limited.
      for (const mine of answers) {
        expect(mine.map((answer) => answer.status)).toEqual([
          ...new Array<number>(HELD_PER_CLIENT).fill(201),
          ...new Array<number>(POSTS_PER_ADDRESS - HELD_PER_CLIENT).fill(NO_ROOM_STATUS),
        ]);
        expectNoRoom(mine.at(-1)!, 'en');
      }
      expect(await findSpam(store, held!.id)).toEqual(held);
      expect((await store.heldUsage()).records).toBe(1 + FLOOD_ADDRESSES * HELD_PER_CLIENT);

      // The queue full: a new visitor without JavaScript, writing in Malay, is told so in Malay; the held enquiry stays.
      await fillHeldTo(HELD_LIMIT);
      const malay = await postForm(url, '127.0.2.1', { locale: 'ms', message: 'Saya tiada JavaScript.' });
      expectNoRoom(malay, 'ms');
      expect(malay.headers['content-language']).toBe('ms');
      expect(malay.body).toContain('Saya tiada JavaScript.'); // the form again, with their text
      expect(await findSpam(store, held!.id)).toEqual(held);
      expect((await store.heldUsage()).records).toBe(HELD_LIMIT);
      const refused = (await talliesSince(store, new Date().toISOString().slice(0, 10))).find((tally) => tally.name === 'held-refused');
      expect(refused?.count).toBe(FLOOD_ADDRESSES * (POSTS_PER_ADDRESS - HELD_PER_CLIENT) + 1);
    },
    FLOOD_TIMEOUT_MS,
  );

  it('refuses an API post that would be held when the queue is full, in the visitor’s language, and the page does not queue it again', async () => {
    store = (await backend.open()).store;
    server = await listen(
      createApp({
        store,
        distDir: site.distDir,
        rateLimitPerMinute: 0,
        trustProxy: false,
        rateLimitPool: (store as Partial<PostgresStore>).pool,
        log: silentLog,
      }),
    );
    await fillHeldTo(HELD_LIMIT);
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validEnquiry({ email: 'someone@mailinator.com', locale: 'zh' })),
    });
    expect(response.status).toBe(NO_ROOM_STATUS);
    expect(response.headers.get(SERVICE_ANSWER_HEADER.name)).toBe(SERVICE_ANSWER_HEADER.value);
    const outcome = await classifyAnswer(response);
    expect(outcome).toEqual({ kind: 'rejected', message: expect.stringContaining(NO_ROOM.zh) });
    expect(outcome.kind === 'rejected' && outcome.message).toContain(BRAND.email);
    // An ordinary enquiry is still accepted: only what would be held is refused.
    const accepted = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validEnquiry()),
    });
    expect(accepted.status).toBe(201);
    expect((await store.heldUsage()).records).toBe(HELD_LIMIT);
  });

  it('refuses a client past its held records of the day, from one address, while another address is still held', async () => {
    const url = await start((await backend.open()).store);
    const statuses = [];
    for (let post = 0; post < HELD_PER_CLIENT + 2; post += 1)
      statuses.push((await postForm(url, '127.0.3.1', { message: `Mine ${post}` })).status);
    expect(statuses).toEqual([...new Array<number>(HELD_PER_CLIENT).fill(201), NO_ROOM_STATUS, NO_ROOM_STATUS]);
    expect((await postForm(url, '127.0.3.2')).status).toBe(201);
    expect((await store.heldUsage()).records).toBe(HELD_PER_CLIENT + 1);
  });

  it('tells the operator once when the queue passes 80% and once when posts are refused, through the outbox, and lists them', async () => {
    const mid = new Date();
    mid.setUTCMinutes(30, 0, 0); // a whole hour around the test's posts
    vi.useFakeTimers({ toFake: ['Date'], now: mid });
    const { store: opened, env } = await backend.open();
    const url = await start(opened);
    dispatcher = startAlertDispatcher({ store, senders: createOutboxSenders(receivers.config()), log: silentLog });

    await fillHeldTo(HELD_LIMIT * 0.8 - 1);
    expect((await postForm(url, '127.0.4.1')).status).toBe(201); // the 800th
    expect((await postForm(url, '127.0.4.2')).status).toBe(201);
    await vi.waitFor(() => expect([receivers.smtp.received.length, receivers.webhook.received.length]).toEqual([1, 1]), {
      timeout: 10_000,
    });
    expect(receivers.smtp.received[0]!.mail.subject).toBe('The held-for-review queue is over 80% full');
    expect(receivers.smtp.received[0]!.mail.text).toContain('800 of 1,000 records');

    await fillHeldTo(HELD_LIMIT);
    expectNoRoom(await postForm(url, '127.0.4.3'), 'en');
    expectNoRoom(await postForm(url, '127.0.4.4'), 'en');
    await vi.waitFor(() => expect([receivers.smtp.received.length, receivers.webhook.received.length]).toEqual([2, 2]), {
      timeout: 10_000,
    });
    expect(receivers.smtp.received[1]!.mail.subject).toBe(
      'Posts are refused: the held-for-review queue is full or the daily ceiling is passed',
    );
    expect(receivers.smtp.received[1]!.mail.headers.get('auto-submitted')).toBe('auto-generated');
    const bodies = receivers.webhook.received.map((request) => JSON.parse(request.body) as { event: string; key: string });
    const hour = mid.toISOString().slice(0, 13);
    expect(bodies.map(({ event, key }) => [event, key])).toEqual([
      ['held.nearly-full', `held-80pct-${hour}`],
      ['held.refused', `held-refused-${hour}`],
    ]);
    expect(receivers.webhook.received[0]!.headers['teratai-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    await dispatcher.stop();
    dispatcher = undefined;
    expect([receivers.smtp.received.length, receivers.webhook.received.length]).toEqual([2, 2]);
    const listed = await runCli({ ...env, TZ_DISPLAY: 'UTC' }, ['alerts']);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`SENT     e-mail   The held-for-review queue is over 80% full`);
    expect(listed.out).toContain(`held-refused-${hour}`);
    expect(listed.out.match(/^SENT /gm)).toHaveLength(4);
  });
});
