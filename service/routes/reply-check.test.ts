/**
 * POST /api/verify against the real app on both stores: a reply stored as
 * the reply sender stores it (its Message-ID, its check code) is "genuine,
 * sent on <day in TZ_DISPLAY>"; anything else is "not one of ours", the same
 * answer whichever part is wrong, with nothing of the enquiry in it; the
 * per-client limit is shared by the instances of a shared store; and the
 * form sent without JavaScript gets a page of its own.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enquiryReference } from '../../contract/reference';
import { LOCALE_CODES, type Locale } from '../../contract/locales';
import { replyCheckAnswerSchema } from '../../contract/reply-check';
import { normaliseCheckCode } from '../../contract/reply-check-code';
import { createApp } from '../app';
import type { PostgresStore } from '../db/postgres/postgres-store';
import { silentLog } from '../log';
import { replyCheckCode } from '../replies/check-code';
import { genuineReplySentAt, type ReplyLookup } from '../replies/genuine-reply';
import type { Store } from '../store-interface';
import { listen, makeSiteFixture, makeTempDir, type Running } from '../test-support/fixtures';
import { type Answer, requestFrom } from '../test-support/loopback-clients';
import { storeEnquiry, storeReply, type StoredReply } from '../test-support/stored-reply';
import { useStoreBackends } from '../test-support/store-backends';
import { REPLY_CHECKS_PER_MINUTE } from './reply-check';

const backends = useStoreBackends();
const TIME_ZONE = 'Asia/Kuala_Lumpur';
/** 01:30 on 29 November in Kuala Lumpur, still the 28th in UTC: the day must be the firm's. */
const SENT_AT = '2026-11-28T17:30:00.000Z';
const FIRM = 'Teratai Wealth';
const GENUINE: Record<Locale, string> = {
  en: `A genuine reply from ${FIRM}, sent on 29 November 2026.`,
  ms: `Balasan tulen daripada ${FIRM}, dihantar pada 29 November 2026.`,
  zh: `这是${FIRM}的真实回复，发送于2026年11月29日。`,
};
const NOT_OURS_START: Record<Locale, string> = { en: 'Not one of ours:', ms: 'Bukan daripada kami:', zh: '并非我们发出：' };
const TOO_MANY: Record<Locale, string> = {
  en: 'Too many checks from this address. Please try again in a minute.',
  ms: 'Terlalu banyak semakan dari alamat ini. Sila cuba lagi dalam seminit.',
  zh: '来自此地址的核实请求过多。请一分钟后再试。',
};
const MISSING_EN = 'Please enter the reference and the check code, as the reply shows them.';

/** A client address of its own for each check, where the test is not about the limit. */
let clients = 0;
const nextClient = () => `127.0.1.${(clients += 1)}`;

let clock = 0;
let temp: Awaited<ReturnType<typeof makeTempDir>>;
let distDir: string;
let instances: Running[] = [];

beforeEach(async () => {
  clock = 0;
  temp = await makeTempDir();
  distDir = await makeSiteFixture(temp.dir);
});

afterEach(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  instances = [];
  await temp.remove();
});

/** The app on each store object (two instances on a shared store), with the contact limit on as in production. */
async function start(stores: readonly Store[]): Promise<Running[]> {
  instances = await Promise.all(
    [...new Set(stores)].map((store) =>
      listen(
        createApp({
          store,
          distDir,
          rateLimitPerMinute: 10,
          trustProxy: false,
          timeZone: TIME_ZONE,
          // The file store's limit counts in minutes of this clock (PostgreSQL's, in its own).
          now: () => clock,
          rateLimitPool: (store as Partial<PostgresStore>).pool,
          log: silentLog,
        }),
      ),
    ),
  );
  return instances;
}

function check(instance: Running, from: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer> {
  return requestFrom(instance.url, {
    from,
    method: 'POST',
    path: '/api/verify',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function postForm(instance: Running, from: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Answer> {
  return requestFrom(instance.url, {
    from,
    method: 'POST',
    path: '/api/verify',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

function answerOf(answer: Answer) {
  expect(answer.status, answer.body).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  return replyCheckAnswerSchema.parse(JSON.parse(answer.body));
}

/** A code of the right form that no reply has (the reply's own, one character changed). */
function otherCode(code: string): string {
  const last = code.at(-1) === 'Z' ? 'Y' : 'Z';
  return `${code.slice(0, -1)}${last}`;
}

for (const backend of backends) {
  describe(`on ${backend.name}`, () => {
    let stores: [Store, Store];
    let reply: StoredReply;

    beforeEach(async () => {
      stores = await backend.openPair();
      reply = await storeReply(stores[0], { createdAt: SENT_AT });
    });

    it('a reply’s reference and code are genuine, sent on the day in TZ_DISPLAY, in each language; typed in any case, without the dash, with spaces', async () => {
      const [app] = await start(stores);
      const typed = [reply.code, ` ${reply.code.toLowerCase().replace('-', '')} `, reply.code.replace('-', ' ')];
      for (const [index, locale] of LOCALE_CODES.entries()) {
        const answer = answerOf(
          await check(app!, '127.0.0.2', { reference: ` ${reply.reference.toLowerCase()}`, code: typed[index]!, locale }),
        );
        expect(answer).toEqual({ genuine: true, sentOn: '2026-11-29', message: GENUINE[locale] });
      }
    });

    it('shows no personal data: only whether it is genuine, the day and the sentence', async () => {
      const [app] = await start(stores);
      const raw = await check(app!, '127.0.0.2', { reference: reply.reference, code: reply.code });
      expect(Object.keys(JSON.parse(raw.body)).sort()).toEqual(['genuine', 'message', 'sentOn']);
      for (const secret of [
        'Aisyah',
        'Rahman',
        'aisyah@example.com',
        '345 6789',
        'portfolio',
        'Nurul',
        reply.enquiry.id,
        '@teratai-wealth.example>',
      ])
        expect(raw.body).not.toContain(secret);
      expect(raw.body).not.toContain('17:30');
    });

    it('a wrong code, a wrong reference, another enquiry’s code and another firm’s format are each “not one of ours”, the same answer', async () => {
      const other = await storeReply(stores[0], { email: 'someone@example.com', createdAt: SENT_AT });
      const [app] = await start(stores);
      const notOurs = answerOf(await check(app!, nextClient(), { reference: reply.reference, code: otherCode(reply.code) }));
      expect(notOurs).toEqual({ genuine: false, message: expect.stringMatching(new RegExp(`^${NOT_OURS_START.en}`)) });
      const attempts = [
        { reference: 'TW-00000000', code: reply.code },
        { reference: reply.reference, code: other.code },
        { reference: other.reference, code: reply.code },
        { reference: 'REF-2026-0042', code: '482913' },
        { reference: 'TW-1234-5678', code: 'ABCD-EFGH-IJKL' },
        { reference: reply.enquiry.id, code: reply.code },
        { reference: `${reply.reference}x`, code: reply.code },
      ];
      for (const attempt of attempts) expect(answerOf(await check(app!, nextClient(), attempt)), JSON.stringify(attempt)).toEqual(notOurs);
      for (const locale of LOCALE_CODES) {
        const answer = answerOf(await check(app!, nextClient(), { reference: 'TW-00000000', code: reply.code, locale }));
        expect(answer.message.startsWith(NOT_OURS_START[locale])).toBe(true);
      }
      // The right pair is still genuine.
      expect(answerOf(await check(app!, nextClient(), { reference: other.reference, code: other.code })).genuine).toBe(true);
      expect(normaliseCheckCode(other.code)).not.toBe(reply.code);
    });

    it('an enquiry with no reply, and a code the enquiry’s visitor answered with, are not ours', async () => {
      const bare = await storeEnquiry(stores[0], 'bare@example.com');
      const messageId = `<${randomUUID()}@mail.example>`;
      const code = replyCheckCode(await stores[0].deploymentSecret(), messageId);
      await stores[0].atomically((tx) =>
        tx.put('messages', {
          id: randomUUID(),
          enquiryId: bare.id,
          kind: 'answer',
          createdAt: SENT_AT,
          messageId,
          text: 'Thanks',
          checkCode: code,
        }),
      );
      const [app] = await start(stores);
      expect(answerOf(await check(app!, '127.0.0.2', { reference: enquiryReference(bare.id), code })).genuine).toBe(false);
    });

    it('a reply stored but not yet sent is not ours; a sent one is dated when the outbox sent it', async () => {
      const unsent = await storeReply(stores[0], { email: 'unsent@example.com', createdAt: SENT_AT, sentAt: null });
      const late = await storeReply(stores[0], { email: 'late@example.com', createdAt: SENT_AT, sentAt: '2026-12-01T02:00:00.000Z' });
      const [app] = await start(stores);
      expect(answerOf(await check(app!, nextClient(), { reference: unsent.reference, code: unsent.code })).genuine).toBe(false);
      expect(answerOf(await check(app!, nextClient(), { reference: late.reference, code: late.code }))).toMatchObject({
        genuine: true,
        sentOn: '2026-12-01',
      });
    });

    it('makes the same look-ups for an unknown reference, a wrong code and a genuine reply', async () => {
      const looks: string[][] = [];
      const recording = (store: Store): ReplyLookup => ({
        get: (collection, id) => (looks.at(-1)!.push(`get ${collection}`), store.get(collection, id)),
        find: (collection, where) => (
          looks.at(-1)!.push(`find ${collection} by ${Object.keys(where ?? {}).join()}`),
          store.find(collection, where)
        ),
      });
      const store = recording(stores[0]);
      for (const [reference, code] of [
        ['TW-00000000', reply.code],
        [reply.reference, otherCode(reply.code)],
        [reply.reference, reply.code],
      ] as const) {
        looks.push([]);
        await genuineReplySentAt(store, reference, code);
      }
      expect(looks[0]).not.toEqual([]);
      expect(looks[1]).toEqual(looks[0]);
      expect(looks[2]).toEqual(looks[0]);
    });

    it('nothing typed, an unknown field or a body that is not JSON is a 400 with a sentence', async () => {
      const [app] = await start(stores);
      for (const body of [
        { reference: '', code: reply.code },
        { reference: reply.reference },
        { reference: reply.reference, code: reply.code, email: 'x@y.z' },
      ]) {
        const refused = await check(app!, '127.0.0.2', body);
        expect(refused.status).toBe(400);
        expect(refused.body).toBe(MISSING_EN);
      }
      const malay = await check(app!, '127.0.0.2', { reference: ' ', code: ' ', locale: 'ms' });
      expect(malay.body).toBe('Sila masukkan rujukan dan kod semakan, seperti yang tertera dalam balasan.');
      expect(malay.headers['content-language']).toBe('ms');
      const garbled = await requestFrom(app!.url, {
        from: '127.0.0.2',
        method: 'POST',
        path: '/api/verify',
        headers: { 'Content-Type': 'application/json' },
        body: '{"reference":',
      });
      expect(garbled.status).toBe(400);
    });

    it(`${REPLY_CHECKS_PER_MINUTE} checks a minute per client${backend.shared ? ', across both instances' : ''}, then 429 with Retry-After and a sentence in the visitor’s language; another client is still answered`, async () => {
      const apps = await start(stores);
      for (let index = 0; index < REPLY_CHECKS_PER_MINUTE; index += 1) {
        const answer = await check(apps[index % apps.length]!, '127.0.0.5', { reference: reply.reference, code: otherCode(reply.code) });
        expect(answer.status).toBe(200);
      }
      for (const [index, locale] of LOCALE_CODES.entries()) {
        const refused = await check(apps[index % apps.length]!, '127.0.0.5', { reference: reply.reference, code: reply.code, locale });
        expect(refused.status).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(refused.body).toBe(TOO_MANY[locale]);
        expect(refused.body).not.toContain('29 November');
      }
      const byHeader = await check(apps[0]!, '127.0.0.5', { reference: reply.reference, code: reply.code }, { 'Accept-Language': 'zh-CN' });
      expect(byHeader.body).toBe(TOO_MANY.zh);
      expect(answerOf(await check(apps.at(-1)!, '127.0.0.6', { reference: reply.reference, code: reply.code })).genuine).toBe(true);
      if (!backend.shared) {
        clock += 60_000;
        expect(answerOf(await check(apps[0]!, '127.0.0.5', { reference: reply.reference, code: reply.code })).genuine).toBe(true);
      }
    });

    it('a body of another type (text/plain from another site’s page) is a 415 in the visitor’s language, and spends none of their checks', async () => {
      const [app] = await start(stores);
      const body = JSON.stringify({ reference: reply.reference, code: otherCode(reply.code) });
      for (let index = 0; index <= REPLY_CHECKS_PER_MINUTE; index += 1) {
        const refused = await requestFrom(app!.url, {
          from: '127.0.0.9',
          method: 'POST',
          path: '/api/verify',
          headers: { 'Content-Type': 'text/plain', 'Accept-Language': 'ms', 'Sec-Fetch-Site': 'cross-site' },
          body,
        });
        expect(refused.status).toBe(415);
        expect(refused.body).toBe('Sila hantar semakan daripada halaman laman web ini sendiri, sebagai JSON atau melalui borangnya.');
      }
      expect(answerOf(await check(app!, '127.0.0.9', { reference: reply.reference, code: reply.code })).genuine).toBe(true);
    });

    describe('the form sent without JavaScript', () => {
      it('is answered with a page in the form’s language: genuine with the day, the typed values back, escaped', async () => {
        const [app] = await start(stores);
        const page = await postForm(app!, '127.0.0.2', { reference: reply.reference, code: reply.code.toLowerCase(), locale: 'ms' });
        expect(page.status).toBe(200);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.headers['content-language']).toBe('ms');
        expect(page.body).toContain('<html lang="ms">');
        expect(page.body).toContain(GENUINE.ms);
        expect(page.body).toContain(`value="${reply.reference}"`);
        expect(page.body).toContain('<a href="/ms/verify">Cara mengenali kami</a>');
        expect(page.body).not.toContain('<script');
        for (const secret of ['Aisyah', 'aisyah@example.com', 'Nurul']) expect(page.body).not.toContain(secret);

        const forged = await postForm(app!, '127.0.0.2', { reference: '"><script>alert(1)</script>', code: 'x', locale: 'zh' });
        expect(forged.status).toBe(200);
        expect(forged.body).toContain('并非我们发出');
        expect(forged.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
        expect(forged.body).not.toContain('<script>');
      });

      it('nothing typed: 400 with the sentence; too many: 429 in the form’s language; from another site: 403', async () => {
        const [app] = await start(stores);
        const empty = await postForm(app!, '127.0.0.2', { reference: '', code: '', locale: 'en' });
        expect(empty.status).toBe(400);
        expect(empty.body).toContain(MISSING_EN);
        for (let index = 0; index < REPLY_CHECKS_PER_MINUTE; index += 1)
          expect((await postForm(app!, '127.0.0.7', { reference: 'TW-00000000', code: reply.code, locale: 'zh' })).status).toBe(200);
        const tooMany = await postForm(app!, '127.0.0.7', { reference: reply.reference, code: reply.code, locale: 'zh' });
        expect(tooMany.status).toBe(429);
        expect(tooMany.headers['retry-after']).toBeDefined();
        expect(tooMany.body).toContain('<html lang="zh-Hans">');
        expect(tooMany.body).toContain(TOO_MANY.zh);
        expect(tooMany.body).not.toContain(GENUINE.zh);
        const crossSite = await postForm(
          app!,
          '127.0.0.8',
          { reference: reply.reference, code: reply.code },
          { 'Sec-Fetch-Site': 'cross-site' },
        );
        expect(crossSite.status).toBe(403);
        expect(crossSite.body).toContain('Checks are accepted only from this site&#39;s own page.');
      });
    });
  });
}

it('GET /api/verify is a 405 naming POST', async () => {
  const [stores] = [await backends[0]!.openPair()];
  const [app] = await start(stores);
  const answer = await requestFrom(app!.url, { from: '127.0.0.2', path: '/api/verify' });
  expect(answer.status).toBe(405);
  expect(answer.headers.allow).toBe('POST');
});
