import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Challenge, decodeSolution, encodeSolution } from '../../contract/contact-challenge';
import { solveContactChallenge } from '../../contract/challenge-solver';
import { deliverContact } from '../../contract/contact-delivery';
import { createApp } from '../app';
import { openFileStore } from '../db/file-store';
import { silentLog } from '../log';
import { listen, postJson, readAnswer, validEnquiry, validSubmission, type Running } from '../test-support/fixtures';
import { requestFrom } from '../test-support/loopback-clients';
import { useSiteAndStore } from '../test-support/per-test';
import { CHALLENGE_COST, CHALLENGE_COUNTER, CHALLENGE_LIFETIME_MS, CHALLENGES_PER_MINUTE } from './contact-challenge';

const site = useSiteAndStore();
let server: Running;

const TEN_MINUTES_S = CHALLENGE_LIFETIME_MS / 1000;
const CHALLENGE_SENTENCE = 'This message needs a fresh anti-spam check. Please send it again from the contact page.';

async function start({ contactChallenge = true } = {}) {
  server = await listen(
    createApp({ store: site.store, distDir: site.distDir, rateLimitPerMinute: 0, trustProxy: false, contactChallenge, log: silentLog }),
  );
}

afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
});

async function fetchChallenge(): Promise<Challenge> {
  const response = await fetch(`${server.url}/api/contact/challenge`);
  expect(response.status).toBe(200);
  return (await response.json()) as Challenge;
}

/** A solution as a bot with native PBKDF2 makes it, for the Altcha header. */
async function solvedHeader(challenge?: Challenge): Promise<string> {
  const toSolve = challenge ?? (await fetchChallenge());
  const solution = await solveChallenge({ challenge: toSolve, deriveKey });
  return encodeSolution({ challenge: toSolve, solution: solution! });
}

const post = (headers: Record<string, string>, body: unknown = validEnquiry()) => postJson(server.url, body, headers);

/** Each resend under `key`, whatever its Altcha header, gets the first 201 again. */
async function expectReplays(key: string, resends: Record<string, string>[], first: unknown) {
  for (const headers of resends) {
    const resend = await post({ 'Idempotency-Key': key, ...headers });
    expect(resend.status).toBe(201);
    expect(resend.headers.get('idempotent-replayed')).toBe('true');
    expect(await readAnswer(resend)).toEqual(first);
  }
}
const stored = async () => (await site.store.records()).enquiries;

describe('with the challenge on', () => {
  beforeEach(() => start());

  it('hands out a signed PBKDF2 challenge that expires in ten minutes, never cached', async () => {
    const now = Math.floor(Date.now() / 1000);
    const response = await fetch(`${server.url}/api/contact/challenge`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const challenge = (await response.json()) as Challenge;
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: CHALLENGE_COST });
    expect(challenge.parameters.expiresAt).toBeGreaterThanOrEqual(now + TEN_MINUTES_S);
    expect(challenge.parameters.expiresAt).toBeLessThanOrEqual(now + TEN_MINUTES_S + 2);
    const { counter } = (await solveChallenge({ challenge, deriveKey }))!;
    expect(counter).toBeGreaterThanOrEqual(CHALLENGE_COUNTER.min);
    expect(counter).toBeLessThanOrEqual(CHALLENGE_COUNTER.max);
  });

  it('a bot posting JSON without a solution is refused with 428 and a sentence, and nothing is stored', async () => {
    const response = await post({ 'Idempotency-Key': randomUUID() });
    expect(response.status).toBe(428);
    expect(await response.text()).toBe(CHALLENGE_SENTENCE);
    expect(await post({})).toHaveProperty('status', 428);
    expect(await stored()).toHaveLength(0);
  });

  it('refuses in the visitor’s language', async () => {
    const response = await post({}, validEnquiry({ locale: 'ms' }));
    expect(response.status).toBe(428);
    expect(response.headers.get('content-language')).toBe('ms');
    expect(await response.text()).toMatch(/^Mesej ini memerlukan semakan antispam/);
  });

  it('with a solution, the enquiry is stored once; the spent solution is refused for any other enquiry', async () => {
    const altcha = await solvedHeader();
    const first = await post({ 'Idempotency-Key': randomUUID(), Altcha: altcha });
    expect(first.status).toBe(201);
    const again = await post({ 'Idempotency-Key': randomUUID(), Altcha: altcha }, validEnquiry({ message: 'Another one.' }));
    expect(again.status).toBe(428);
    expect(await again.text()).toBe(CHALLENGE_SENTENCE);
    expect(await post({ Altcha: altcha })).toHaveProperty('status', 428);
    expect((await stored()).map((enquiry) => enquiry.message)).toEqual([validEnquiry().message]);
  });

  it('a resend with the first key gets the first 201, with its spent solution or with none, and stores nothing new', async () => {
    const key = randomUUID();
    const altcha = await solvedHeader();
    const first = await readAnswer(await post({ 'Idempotency-Key': key, Altcha: altcha }));
    const resends: Record<string, string>[] = [{ Altcha: altcha }, {}, { Altcha: 'bm90IGEgc29sdXRpb24=' }];
    await expectReplays(key, resends, first);
    expect(await stored()).toHaveLength(1);
  });

  it('a first key of another enquiry does not open the door: a different enquiry under it is refused, not stored', async () => {
    const key = randomUUID();
    await post({ 'Idempotency-Key': key, Altcha: await solvedHeader() });
    const other = await post({ 'Idempotency-Key': key }, validEnquiry({ message: 'Something else entirely.' }));
    expect(other.status).toBe(422);
    expect(await stored()).toHaveLength(1);
  });

  it('an expired solution is refused: the clock moved past the ten minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const issuedAt = Date.now();
    const altcha = await solvedHeader();
    vi.setSystemTime(issuedAt + CHALLENGE_LIFETIME_MS - 5_000);
    const inTime = await post({ 'Idempotency-Key': randomUUID(), Altcha: altcha });
    expect(inTime.status).toBe(201);

    const late = await solvedHeader();
    vi.setSystemTime(Date.now() + CHALLENGE_LIFETIME_MS + 2_000);
    const response = await post({ 'Idempotency-Key': randomUUID(), Altcha: late }, validEnquiry({ message: 'Too late.' }));
    expect(response.status).toBe(428);
    expect(await stored()).toHaveLength(1);
  });

  it('refuses a wrong answer, a changed challenge and one signed by another deployment', async () => {
    const challenge = await fetchChallenge();
    const solution = (await solveChallenge({ challenge, deriveKey }))!;
    const wrongKey = { ...solution, derivedKey: solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0')) };
    const longer = { ...challenge, parameters: { ...challenge.parameters, expiresAt: challenge.parameters.expiresAt! + 86_400 } };
    const otherStore = await openFileStore(path.join(site.dir, 'other', 'db.json'));
    const other = await listen(
      createApp({
        store: otherStore,
        distDir: site.distDir,
        rateLimitPerMinute: 0,
        trustProxy: false,
        contactChallenge: true,
        log: silentLog,
      }),
    );
    const foreign = (await (await fetch(`${other.url}/api/contact/challenge`)).json()) as Challenge;
    await other.close();
    await otherStore.close();
    for (const altcha of [
      encodeSolution({ challenge, solution: wrongKey }),
      encodeSolution({ challenge: longer, solution }),
      await solvedHeader(foreign),
      'not base64 at all',
    ]) {
      expect(await post({ 'Idempotency-Key': randomUUID(), Altcha: altcha })).toHaveProperty('status', 428);
    }
    expect(await stored()).toHaveLength(0);
  });

  it('the page’s and the worker’s delivery rule solves it, and a solution spent on the way makes it solve again', async () => {
    const sendTo: typeof fetch = (input, init) => fetch(`${server.url}${String(input)}`, init);
    const key = randomUUID();
    const delivered = await deliverContact(validSubmission({ firstName: 'Mei' }), key, { solve: solveContactChallenge, fetch: sendTo });
    expect(delivered).toEqual({
      kind: 'delivered',
      message: expect.stringMatching(/^Thank you, Mei! We will contact you within 24 hours\. Your reference is TW-[0-9A-F]{8}\.$/),
    });

    // Someone on the way spends the next solution first: the service's 428 sends the rule back for a new one.
    let stolen = 0;
    let posts = 0;
    const racedTo: typeof fetch = async (input, init) => {
      const altcha = (init?.headers as Record<string, string>).Altcha;
      if (String(input) === '/api/contact') posts += 1;
      if (String(input) === '/api/contact' && altcha && stolen === 0) {
        stolen += 1;
        await post({ 'Idempotency-Key': randomUUID(), Altcha: altcha }, validEnquiry({ message: 'The thief’s.' }));
        expect(decodeSolution(altcha)).not.toBeNull();
      }
      return sendTo(input, init);
    };
    const second = await deliverContact(validSubmission({ firstName: 'Lim', message: 'Second.' }), randomUUID(), {
      solve: solveContactChallenge,
      fetch: racedTo,
    });
    expect(second).toEqual({
      kind: 'delivered',
      message: expect.stringMatching(/^Thank you, Lim! We will contact you within 24 hours\. Your reference is TW-[0-9A-F]{8}\.$/),
    });
    expect(posts).toBe(2);
    expect((await stored()).map((enquiry) => enquiry.message).sort()).toEqual([validEnquiry().message, 'Second.', 'The thief’s.'].sort());
  });

  it('a form sent without JavaScript cannot solve it, and is held for review', async () => {
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams(validEnquiry() as Record<string, string>).toString(),
    });
    expect(response.status).toBe(201);
    expect(await stored()).toHaveLength(0);
    expect(site.store.spam()).toEqual([expect.objectContaining({ reason: 'no-javascript' })]);
  });
});

describe('with CONTACT_CHALLENGE=off', () => {
  beforeEach(() => start({ contactChallenge: false }));

  it('asks for nothing (204) and stores a JSON enquiry without a solution', async () => {
    const challenge = await fetch(`${server.url}/api/contact/challenge`);
    expect(challenge.status).toBe(204);
    expect(await post({ 'Idempotency-Key': randomUUID() })).toHaveProperty('status', 201);
    expect(await stored()).toHaveLength(1);
  });
});

describe('after the file-store service restarts', () => {
  beforeEach(() => start());

  async function restart() {
    await server.close();
    await site.reopen();
    await start();
  }

  it('a resend with the first key gets the first 201, its solution expired since or none, and stores nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const key = randomUUID();
    const altcha = await solvedHeader();
    const first = await readAnswer(await post({ 'Idempotency-Key': key, Altcha: altcha }));
    await restart();
    vi.setSystemTime(Date.now() + CHALLENGE_LIFETIME_MS + 60_000);

    const resends: Record<string, string>[] = [{ Altcha: altcha }, {}];
    await expectReplays(key, resends, first);
    expect(await stored()).toHaveLength(1);
  });

  it('a different enquiry under that key is still the store’s refusal, and a held one’s key is replayed too', async () => {
    const key = randomUUID();
    const heldKey = randomUUID();
    await post({ 'Idempotency-Key': key, Altcha: await solvedHeader() });
    const links = Array.from({ length: 6 }, (_, index) => `https://link${index}.example`).join(' ');
    const held = validEnquiry({ message: `Look: ${links}` });
    const heldFirst = await readAnswer(await post({ 'Idempotency-Key': heldKey, Altcha: await solvedHeader() }, held));
    expect(site.store.spam()).toHaveLength(1);
    await restart();

    const other = await post({ 'Idempotency-Key': key }, validEnquiry({ message: 'Something else entirely.' }));
    expect(other.status).toBe(422);
    const heldResend = await post({ 'Idempotency-Key': heldKey }, held);
    expect(heldResend.status).toBe(201);
    expect(await readAnswer(heldResend)).toEqual(heldFirst);
    expect(await stored()).toHaveLength(1);
    expect(site.store.spam()).toHaveLength(1);
  });
});

describe('with e-mail alerts on', () => {
  beforeEach(async () => {
    await site.reopen({ alertChannels: ['email'] });
    await start();
  });

  it('a bot without a solution is neither stored nor alerted; with one, its enquiry is alerted once, and a resend adds nothing', async () => {
    expect(await post({ 'Idempotency-Key': randomUUID() })).toHaveProperty('status', 428);
    expect(site.store.alerts()).toEqual([]);

    const key = randomUUID();
    expect(await post({ 'Idempotency-Key': key, Altcha: await solvedHeader() })).toHaveProperty('status', 201);
    expect(await post({ 'Idempotency-Key': key })).toHaveProperty('status', 201);
    const [enquiry] = await stored();
    expect(site.store.alerts()).toEqual([expect.objectContaining({ enquiryId: enquiry!.id, channel: 'email' })]);
  });
});

describe('the challenge’s own limit, per client key', () => {
  let clock = 0;
  const challengeFrom = (from: string, headers: Record<string, string> = {}) =>
    requestFrom(server.url, { from, path: '/api/contact/challenge', headers });

  beforeEach(async () => {
    clock = 0;
    const app = createApp({
      store: site.store,
      distDir: site.distDir,
      rateLimitPerMinute: 10,
      trustProxy: false,
      contactChallenge: true,
      now: () => clock,
      log: silentLog,
    });
    server = await listen(app);
  });

  it(`hands out ${CHALLENGES_PER_MINUTE} a minute to one client, then 429 with Retry-After and a sentence in its language; others and the next minute are served`, async () => {
    for (let index = 0; index < CHALLENGES_PER_MINUTE; index += 1) expect((await challengeFrom('127.0.0.5')).status).toBe(200);
    const refused = await challengeFrom('127.0.0.5', { 'Accept-Language': 'ms' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(60);
    expect(refused.headers['content-language']).toBe('ms');
    expect(refused.body).toBe('Terlalu banyak semakan anti-spam diminta daripada alamat ini. Sila cuba lagi dalam seminit.');
    expect((await challengeFrom('127.0.0.5')).body).toBe(
      'Too many anti-spam checks asked for from this address. Please try again in a minute.',
    );

    // Another client is served, and the contact post has a count of its own.
    expect((await challengeFrom('127.0.0.6')).status).toBe(200);
    const post = await requestFrom(server.url, {
      from: '127.0.0.5',
      method: 'POST',
      path: '/api/contact',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(validEnquiry()),
    });
    expect(post.status).toBe(428);

    clock += 60_000;
    expect((await challengeFrom('127.0.0.5')).status).toBe(200);
  });

  it('the page’s delivery rule takes the 429 as “too many”, with the sentence for the page to show, and posts nothing', async () => {
    for (let index = 0; index < CHALLENGES_PER_MINUTE; index += 1) await challengeFrom('127.0.0.1');
    const sendTo: typeof fetch = (input, init) => fetch(new URL(String(input), server.url), init);
    const outcome = await deliverContact(validSubmission(), randomUUID(), { fetch: sendTo, solve: solveContactChallenge });
    expect(outcome).toEqual({
      kind: 'retry',
      reason: '429: Too many anti-spam checks asked for from this address. Please try again in a minute.',
      tooMany: true,
    });
    expect(await stored()).toHaveLength(0);
  });
});
