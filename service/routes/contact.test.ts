import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, RESPONSE_HOURS, thankYouMessage } from '../../contract/contact';
import { translatorFor } from '../i18n';
import { solveContactChallenge } from '../../contract/challenge-solver';
import { deliverContact } from '../../contract/contact-delivery';
import { enquiryReference } from '../../contract/reference';
import { SERVICE_ANSWER_HEADER } from '../../contract/http';
import { uuidFromBytes } from '../../contract/uuid';
import { createApp } from '../app';
import { type LogFields, silentLog } from '../log';
import type { FileStore } from '../db/file-store';
import { StoreUnavailableError } from '../store-interface';
import { fingerprintOf, talliesSince } from '../store-rules';
import { listen, postJson, readAnswer, validEnquiry, validSubmission, type Running } from '../test-support/fixtures';
import { useSiteAndStore } from '../test-support/per-test';
import { DOUBLE_SUBMIT_WINDOW_MS } from './form-post-keys';

const site = useSiteAndStore();
let server: Running;
let clock: number;

async function start({ rateLimitPerMinute = 0, trustProxy = false } = {}) {
  const app = createApp({ store: site.store, distDir: site.distDir, rateLimitPerMinute, trustProxy, log: silentLog, now: () => clock });
  server = await listen(app);
}

beforeEach(() => {
  clock = Date.UTC(2025, 5, 1, 12, 0, 10);
});

afterEach(async () => {
  await server?.close();
});

const MEGABYTE = 1024 * 1024;
const english = translatorFor('en');
const RATE_LIMIT_SENTENCE = 'Too many messages from this address. Please try again in a minute.';
const valid = validEnquiry();

interface BadInput {
  name: string;
  body: string | Blob;
  headers?: Record<string, string>;
  status: number;
  sentence: RegExp;
}

const json = (value: unknown) => JSON.stringify(value);
const without = (field: keyof typeof valid) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field));

const BAD_INPUTS: BadInput[] = [
  { name: 'missing first name', body: json(without('firstName')), status: 400, sentence: /^Please enter your first name\.$/ },
  { name: 'empty first name', body: json({ ...valid, firstName: '' }), status: 400, sentence: /first name/ },
  { name: 'blank last name', body: json({ ...valid, lastName: '   ' }), status: 400, sentence: /last name/ },
  { name: 'missing e-mail', body: json(without('email')), status: 400, sentence: /email address/ },
  { name: 'bad e-mail', body: json({ ...valid, email: 'not-an-address' }), status: 400, sentence: /valid email address/ },
  { name: 'missing message', body: json(without('message')), status: 400, sentence: /your message/ },
  { name: 'number for a name', body: json({ ...valid, firstName: 42 }), status: 400, sentence: /must be text/ },
  { name: 'null message', body: json({ ...valid, message: null }), status: 400, sentence: /Message must be text/ },
  { name: 'object for a message', body: json({ ...valid, message: { text: 'hi' } }), status: 400, sentence: /must be text/ },
  { name: 'letters in the phone', body: json({ ...valid, phone: 'call me maybe' }), status: 400, sentence: /WhatsApp number/ },
  { name: 'too short a phone', body: json({ ...valid, phone: '123' }), status: 400, sentence: /WhatsApp number/ },
  { name: 'unknown field', body: json({ ...valid, isAdmin: true }), status: 400, sentence: /^The enquiry has 1 unknown field\.$/ },
  { name: '__proto__ key', body: `{"__proto__":{"polluted":true},${json(valid).slice(1)}`, status: 400, sentence: /forbidden field name/ },
  {
    name: 'constructor.prototype key',
    body: `{"constructor":{"prototype":{"polluted":true}},${json(valid).slice(1)}`,
    status: 400,
    sentence: /^The enquiry has 1 unknown field\.$/,
  },
  { name: 'array body', body: json([valid]), status: 400, sentence: /must be a JSON object/ },
  { name: 'JSON string body', body: '"hello"', status: 400, sentence: /not valid JSON/ },
  { name: 'malformed JSON', body: '{"firstName": "Aisyah", ', status: 400, sentence: /not valid JSON/ },
  { name: 'empty body', body: '', status: 400, sentence: /empty/ },
  {
    name: 'plain text',
    body: 'Hello, I would like a call back.',
    headers: { 'content-type': 'text/plain' },
    status: 415,
    sentence: /as JSON/,
  },
  {
    name: 'multipart form',
    body: '--b\r\n\r\nx\r\n--b--',
    headers: { 'content-type': 'multipart/form-data; boundary=b' },
    status: 415,
    sentence: /as JSON/,
  },
  { name: 'no content type', body: new Blob([json(valid)]), headers: { 'content-type': '' }, status: 415, sentence: /as JSON/ },
  { name: '1 MB body', body: json({ ...valid, message: 'x'.repeat(MEGABYTE) }), status: 413, sentence: /too large: the limit is 16 KB/ },
  {
    name: 'overlong first name',
    body: json({ ...valid, firstName: 'A'.repeat(CONTACT_LIMITS.name + 1) }),
    status: 400,
    sentence: /at most 100/,
  },
  {
    name: 'overlong e-mail',
    body: json({ ...valid, email: `${'a'.repeat(250)}@example.com` }),
    status: 400,
    sentence: /Email address must be at most/,
  },
  {
    name: 'overlong message',
    body: json({ ...valid, message: 'm'.repeat(CONTACT_LIMITS.message + 1) }),
    status: 400,
    sentence: /at most 5000/,
  },
  { name: 'NUL in a name', body: json({ ...valid, firstName: 'Ai\u0000syah' }), status: 400, sentence: /not allowed/ },
  { name: 'escape sequence in the message', body: json({ ...valid, message: 'hi \u001b[31m red' }), status: 400, sentence: /not allowed/ },
  { name: 'line break in a name', body: json({ ...valid, lastName: 'Rah\nman' }), status: 400, sentence: /not allowed/ },
  {
    name: 'malformed Idempotency-Key',
    body: json(valid),
    headers: { 'idempotency-key': 'abc-123' },
    status: 400,
    sentence: /must be a random \(version 4\) UUID/,
  },
  {
    name: 'empty Idempotency-Key',
    body: json(valid),
    headers: { 'idempotency-key': '' },
    status: 400,
    sentence: /must be a random \(version 4\) UUID/,
  },
];

describe('POST /api/contact refuses bad input', () => {
  beforeEach(() => start());

  it.each(BAD_INPUTS)('$name → $status with a sentence, nothing stored', async ({ body, headers, status, sentence }) => {
    const contentType = headers?.['content-type'];
    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { ...(contentType === '' ? {} : { 'content-type': contentType ?? 'application/json' }), ...headers },
      body,
    });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(text).toMatch(sentence);
    expect(text).toMatch(/^[A-Z].*\.$/);
    expect(site.store.enquiries()).toHaveLength(0);
    expect(site.store.spam()).toHaveLength(0);
  });

  it('has at least 20 cases', () => {
    expect(BAD_INPUTS.length).toBeGreaterThanOrEqual(20);
  });
});

describe('POST /api/contact stores a valid enquiry', () => {
  beforeEach(() => start());

  it('answers 201 with the id, the reference and the thank-you message once it is stored', async () => {
    const response = await postJson(server.url, { ...valid, firstName: '  Aisyah ' });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const answer = await readAnswer(response);
    const reference = enquiryReference(answer.id);
    expect(reference).toMatch(/^TW-[0-9A-F]{8}$/);
    expect(answer).toEqual({ id: expect.any(String), reference, message: thankYouMessage('Aisyah', reference, english) });
    expect(answer.message).toBe(`Thank you, Aisyah! We will contact you within 24 hours. Your reference is ${reference}.`);
    expect(site.store.enquiries()).toEqual([expect.objectContaining({ id: answer.id, firstName: 'Aisyah' })]);
  });

  it('answers a honeypot catch like a success, and only counts it', async () => {
    const response = await postJson(server.url, { ...valid, website: 'https://cheap-pills.example' });
    expect(response.status).toBe(201);
    const answer = await readAnswer(response);
    expect(answer.message).toBe(thankYouMessage('Aisyah', enquiryReference(answer.id), english));
    expect(site.store.enquiries()).toHaveLength(0);
    expect(site.store.spam()).toHaveLength(0);
    expect(await talliesSince(site.store, '2000-01-01')).toEqual([expect.objectContaining({ name: 'honeypot', count: 1 })]);
  });

  it('stores 200 concurrent posts exactly once each', async () => {
    const posts = Array.from({ length: 200 }, (_, index) =>
      postJson(server.url, { ...valid, message: `Enquiry ${index}` }, { 'idempotency-key': randomUUID() }),
    );
    const responses = await Promise.all(posts);
    expect(responses.map((response) => response.status)).toEqual(Array(200).fill(201));
    const ids = await Promise.all(responses.map(async (response) => (await readAnswer(response)).id));
    expect(new Set(ids).size).toBe(200);

    await site.reopen();
    const stored = site.store.enquiries();
    expect(stored).toHaveLength(200);
    expect(new Set(stored.map((record) => record.id))).toEqual(new Set(ids));
    expect(new Set(stored.map((record) => record.message)).size).toBe(200);
  });
});

describe('Idempotency-Key', () => {
  beforeEach(() => start());

  it('answers a repeat with the first answer and stores nothing', async () => {
    const key = randomUUID();
    const first = await postJson(server.url, valid, { 'idempotency-key': key });
    const second = await postJson(server.url, valid, { 'idempotency-key': key.toUpperCase() });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await readAnswer(second)).toEqual(await readAnswer(first));
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(site.store.enquiries()).toHaveLength(1);
  });

  it('stores once when the same key arrives concurrently', async () => {
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 10 }, () => postJson(server.url, valid, { 'idempotency-key': key })));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(201));
    const ids = new Set(await Promise.all(responses.map(async (response) => (await readAnswer(response)).id)));
    expect(ids.size).toBe(1);
    expect(site.store.enquiries()).toHaveLength(1);
  });

  it('answers 422 to the same key with a different body', async () => {
    const key = randomUUID();
    await postJson(server.url, valid, { 'idempotency-key': key });
    const response = await postJson(server.url, { ...valid, message: 'A different question' }, { 'idempotency-key': key });
    expect(response.status).toBe(422);
    expect(await response.text()).toBe('This Idempotency-Key was already used for a different enquiry.');
    expect(site.store.enquiries()).toHaveLength(1);
  });
});

describe('Idempotency-Key from clients', () => {
  beforeEach(() => start());

  it.each([
    ['version 1', '6ba7b810-9dad-11d1-80b4-00c04fd430c8'],
    ['version 8 (what a form post is given)', '0b6f6c0e-2f9a-8a53-9d55-8d4f0c1d2b7e'],
    ['the nil UUID', '00000000-0000-0000-0000-000000000000'],
  ])('is refused when it is not a random (version 4) UUID: %s', async (_name, key) => {
    const response = await postJson(server.url, valid, { 'idempotency-key': key });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('The Idempotency-Key header must be a random (version 4) UUID.');
    expect(site.store.enquiries()).toHaveLength(0);
  });

  it('cannot take a form post’s key before the visitor sends it, though their words are known', async () => {
    // The key as it was once made: from the enquiry and its ten-minute period alone.
    const words = validSubmission({ phone: '+60 12-345 6789', message: 'I would like a portfolio review.' });
    const period = Math.floor(Date.now() / DOUBLE_SUBMIT_WINDOW_MS);
    const foretold = uuidFromBytes(
      createHash('sha256')
        .update(`${fingerprintOf(words)}:${period}`)
        .digest(),
      8,
    );
    expect((await postJson(server.url, { ...valid, message: 'Taken first.' }, { 'idempotency-key': foretold })).status).toBe(400);

    const response = await postForm(server.url, formFields());
    expect(response.status).toBe(201);
    expect(site.store.enquiries().map((record) => record.message)).toEqual(['I would like a portfolio review.']);
    expect(site.store.enquiries()[0]?.idempotencyKey).not.toBe(foretold);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After after the limit, per address, until the minute turns', async () => {
    await start({ rateLimitPerMinute: 3, trustProxy: true });
    const from = (address: string) => postJson(server.url, valid, { 'x-forwarded-for': address });
    for (let index = 0; index < 3; index += 1) expect((await from('203.0.113.5')).status).toBe(201);

    const limited = await from('203.0.113.5');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('50');
    expect(await limited.text()).toBe(RATE_LIMIT_SENTENCE);
    expect(site.store.enquiries()).toHaveLength(3);

    expect((await from('198.51.100.7')).status).toBe(201);
    clock += 50_000;
    expect((await from('203.0.113.5')).status).toBe(201);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    await start({ rateLimitPerMinute: 1 });
    expect((await postJson(server.url, valid, { 'x-forwarded-for': '203.0.113.5' })).status).toBe(201);
    expect((await postJson(server.url, valid, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(429);
  });
});

describe('other methods and paths', () => {
  beforeEach(() => start());

  it.each(['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])('%s /api/contact → 405 with Allow: POST', async (method) => {
    const response = await fetch(`${server.url}/api/contact`, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe('This address only accepts POST.');
  });

  it.each(['/api', '/api/', '/api/contacts', '/api/admin/enquiries'])('GET %s → 404 text, never the app', async (pathname) => {
    const response = await fetch(`${server.url}${pathname}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe('There is no API endpoint at this address.');
  });

  it('POST to an unknown /api path → 404 text', async () => {
    const response = await fetch(`${server.url}/api/newsletter`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('There is no API endpoint at this address.');
  });
});

/** The form as a browser sends it by itself (JavaScript off): the fields, urlencoded, no Idempotency-Key. */
function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** What the browser posts for a valid enquiry: every field of the form, the honeypot empty, no `service`. */
const formFields = (overrides: Record<string, string> = {}) => ({
  firstName: 'Aisyah',
  lastName: 'Rahman',
  email: 'aisyah@example.com',
  phone: '+60 12-345 6789',
  message: 'I would like a portfolio review.',
  website: '',
  ...overrides,
});

/** The value attribute of the input named `name` in an answer page. */
function inputValue(page: string, name: string): string | undefined {
  return new RegExp(`<input id="${name}" name="${name}"[^>]*value="([^"]*)"`).exec(page)?.[1];
}

describe('POST /api/contact from a form sent without JavaScript', () => {
  beforeEach(() => start());

  it('stores the enquiry once and answers the confirmation page, with the page’s words', async () => {
    const response = await postForm(server.url, formFields({ firstName: '  Aisyah ' }));
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await response.text();
    expect(page).toMatch(/<h1>Message Sent!<\/h1>/);
    const reference = enquiryReference(site.store.enquiries()[0]!.id);
    expect(page).toContain(`<p>${english('formPage.thanks', { hours: RESPONSE_HOURS })} Your reference is ${reference}.</p>`);
    expect(page).not.toMatch(/<script/i);
    expect(site.store.enquiries()).toEqual([
      expect.objectContaining({ firstName: 'Aisyah', service: '', message: 'I would like a portfolio review.' }),
    ]);
  });

  it('stores a double submit once, one after the other or at the same moment', async () => {
    const first = await postForm(server.url, formFields());
    const again = await postForm(server.url, formFields());
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toContain('Message Sent!');

    const together = await Promise.all([1, 2, 3].map(() => postForm(server.url, formFields({ message: 'Sent three times at once.' }))));
    expect(together.map((response) => response.status)).toEqual([201, 201, 201]);
    expect(site.store.enquiries().map((record) => record.message)).toEqual([
      'I would like a portfolio review.',
      'Sent three times at once.',
    ]);
  });

  it('stores the message’s line breaks as the page sends them, not as the form encoding’s CRLF', async () => {
    const response = await postForm(server.url, formFields({ message: 'Line one\r\nLine two' }));
    expect(response.status).toBe(201);
    expect(site.store.enquiries()[0]?.message).toBe('Line one\nLine two');
  });

  it('stores a different enquiry from the same visitor', async () => {
    await postForm(server.url, formFields());
    await postForm(server.url, formFields({ message: 'And one more question.' }));
    expect(site.store.enquiries()).toHaveLength(2);
  });

  it('answers the form again with each field’s error and every value, escaped; stores nothing', async () => {
    const response = await postForm(
      server.url,
      formFields({ firstName: '', lastName: 'O"Neil <b>', email: 'not-an-address', message: '\n<script>alert(1)</script> & more' }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await response.text();
    expect(page).toContain('<title>Error: Your message was not sent</title>');
    expect(page).toMatch(/<input id="firstName" name="firstName"[^>]* aria-invalid="true" aria-describedby="firstName-error"/);
    expect(page).toContain('<p id="firstName-error" class="error">Please enter your first name</p>');
    expect(page).toContain('<p id="email-error" class="error">Please enter a valid email address</p>');
    expect(page).toContain('<li><a href="#email">Please enter a valid email address</a></li>');
    expect(page).not.toContain('lastName-error');
    expect(inputValue(page, 'lastName')).toBe('O&quot;Neil &lt;b&gt;');
    expect(inputValue(page, 'email')).toBe('not-an-address');
    expect(inputValue(page, 'phone')).toBe('+60 12-345 6789');
    // The parser drops the newline right after <textarea>: the one the page adds, so the message's own stays.
    expect(page).toContain('rows="5">\n\n&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</textarea>');
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain('<form method="post" action="/api/contact" novalidate>');
    expect(site.store.enquiries()).toHaveLength(0);
  });

  it('names a problem that belongs to no field in the summary', async () => {
    const response = await postForm(server.url, { ...formFields(), isAdmin: 'true' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('<p>The enquiry has 1 unknown field.</p>');
    expect(site.store.enquiries()).toHaveLength(0);
  });

  it('tells a bot that fills the honeypot it worked, and only counts it', async () => {
    const response = await postForm(server.url, formFields({ website: 'https://cheap-pills.example' }));
    expect(response.status).toBe(201);
    expect(await response.text()).toContain('Message Sent!');
    expect(site.store.enquiries()).toHaveLength(0);
    expect(site.store.spam()).toHaveLength(0);
    expect(await talliesSince(site.store, '2000-01-01')).toEqual([expect.objectContaining({ name: 'honeypot', count: 1 })]);
  });

  it('answers a body over the limit with the form and the reason', async () => {
    const response = await postForm(server.url, formFields({ message: 'x'.repeat(20 * 1024) }));
    expect(response.status).toBe(413);
    expect(await response.text()).toContain('<p>The enquiry is too large: the limit is 16 KB.</p>');
    expect(site.store.enquiries()).toHaveLength(0);
  });
});

describe('form posts meet the same limits as JSON', () => {
  it('are rate limited per address, before the body is read: the page is the form, empty', async () => {
    await start({ rateLimitPerMinute: 1 });
    expect((await postForm(server.url, formFields())).status).toBe(201);
    const limited = await postForm(server.url, formFields({ message: 'A second question.' }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('50');
    const page = await limited.text();
    expect(page).toContain(`<p>${RATE_LIMIT_SENTENCE}</p>`);
    expect(page).toContain('rows="5">\n</textarea>');
    expect(site.store.enquiries()).toHaveLength(1);
  });

  it('refuse a post over the limit without waiting for its body, however slowly it comes', async () => {
    await start({ rateLimitPerMinute: 1 });
    expect((await postForm(server.url, formFields())).status).toBe(201);
    const request = http.request(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(16 * 1024) },
    });
    try {
      const answered = new Promise<http.IncomingMessage>((resolve, reject) => request.on('response', resolve).on('error', reject));
      request.write('firstName=Ai'); // and never the rest
      const response = await answered;
      expect(response.statusCode).toBe(429);
      response.resume();
    } finally {
      request.destroy();
    }
    expect(site.store.enquiries()).toHaveLength(1);
  });

  it('give the visitor their text back when the store cannot write, and log it as the JSON route does', async () => {
    const failing: FileStore = {
      ...site.store,
      deploymentSecret: () => site.store.deploymentSecret(),
      submitEnquiry: () => Promise.reject(new StoreUnavailableError('disk full')),
    };
    const logged: LogFields[] = [];
    const app = createApp({
      store: failing,
      distDir: site.distDir,
      rateLimitPerMinute: 0,
      trustProxy: false,
      log: (fields) => logged.push(fields),
    });
    server = await listen(app);
    const response = await postForm(server.url, formFields());
    expect(response.status).toBe(503);
    const page = await response.text();
    expect(page).toContain('<p>Your message could not be saved right now. Please try again later.</p>');
    expect(inputValue(page, 'email')).toBe('aisyah@example.com');
    expect(logged).toContainEqual(expect.objectContaining({ level: 'error', msg: 'error', status: 503, path: '/api/contact' }));
  });
});

describe('a form post from another site', () => {
  beforeEach(() => start());

  const inMalay = { 'accept-language': 'ms-MY' };
  const words = formFields({ firstName: 'Visit evil.example', message: 'Call +60 3-0000 0000 now to claim your refund.' });

  it.each<[string, (own: string) => Record<string, string>]>([
    ['Sec-Fetch-Site: cross-site', () => ({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' })],
    [
      'Sec-Fetch-Site: same-site (a neighbouring subdomain)',
      (own) => ({ 'sec-fetch-site': 'same-site', origin: own.replace('127.0.0.1', 'localhost') }),
    ],
    ['Sec-Fetch-Site: cross-site, with the site’s own Origin', (own) => ({ 'sec-fetch-site': 'cross-site', origin: own })],
    ['another Origin, without Sec-Fetch-Site (an older browser)', () => ({ origin: 'https://evil.example' })],
    ['Origin: null (a sandboxed frame, a data: page)', () => ({ origin: 'null' })],
    ['the site’s host on another port', (own) => ({ origin: `${own.replace(/:\d+$/, '')}:1` })],
  ])('%s → 403 in the visitor’s language, nothing stored or repeated', async (_name, headers) => {
    const response = await postForm(server.url, { ...words, locale: 'zh' }, { ...inMalay, ...headers(server.url) });
    expect(response.status).toBe(403);
    expect(response.headers.get('content-language')).toBe('ms');
    const page = await response.text();
    expect(page).toContain(`<p>${translatorFor('ms')('service.crossSite')}</p>`);
    expect(page).not.toContain('evil.example');
    expect(page).not.toContain('refund');
    expect(site.store.enquiries()).toHaveLength(0);
    expect(site.store.spam()).toHaveLength(0);
  });

  it.each<[string, (own: string) => Record<string, string>]>([
    ['Sec-Fetch-Site: same-origin', (own) => ({ 'sec-fetch-site': 'same-origin', origin: own })],
    ['Sec-Fetch-Site: none (the visitor’s own doing)', () => ({ 'sec-fetch-site': 'none' })],
    ['the site’s own Origin, without Sec-Fetch-Site', (own) => ({ origin: own })],
    ['the site’s own Origin, its host in capitals', (own) => ({ origin: own.replace('http://', 'HTTP://') })],
    ['neither header (no browser page: the rate limit is the guard)', () => ({})],
  ])('%s is accepted', async (_name, headers) => {
    const response = await postForm(server.url, formFields(), headers(server.url));
    expect(response.status).toBe(201);
    expect(site.store.enquiries()).toHaveLength(1);
  });
});

describe('a form post’s answer repeats nothing a page elsewhere could have chosen', () => {
  beforeEach(() => start());

  it('thanks the visitor without their name', async () => {
    const response = await postForm(server.url, formFields({ firstName: 'Visit evil.example' }));
    expect(response.status).toBe(201);
    const page = await response.text();
    expect(page).toContain(`<p>${english('formPage.thanks', { hours: RESPONSE_HOURS })} Your reference is `);
    expect(page).not.toContain('evil.example');
  });

  it('says how many fields it does not know, never their names, on the page and in the JSON answer', async () => {
    const name = 'Urgent: call +60 3-0000 0000 to keep your account';
    const page = await (await postForm(server.url, { ...formFields(), [name]: 'x', [`${name}!`]: 'y' })).text();
    expect(page).toContain('<p>The enquiry has 2 unknown fields.</p>');
    expect(page).not.toContain('Urgent');
    const answer = await postJson(server.url, { ...valid, [name]: 'x' });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toBe('The enquiry has 1 unknown field.');
    expect(site.store.enquiries()).toHaveLength(0);
  });
});

describe('the service marks its answers', () => {
  beforeEach(() => start());

  it.each([
    ['201', () => postJson(server.url, valid, { 'idempotency-key': randomUUID() })],
    ['400', () => postJson(server.url, { ...valid, email: 'x' })],
    ['415', () => fetch(`${server.url}/api/contact`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' })],
    ['405', () => fetch(`${server.url}/api/contact`)],
    ['a form page', () => postForm(server.url, formFields())],
  ])('%s carries the mark', async (_name, send) => {
    const response = await send();
    expect(response.headers.get(SERVICE_ANSWER_HEADER.name)).toBe(SERVICE_ANSWER_HEADER.value);
  });
});

describe('the visitor’s language', () => {
  beforeEach(() => start());

  const inChinese = { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' };

  it('answers a refusal in the language of the body’s `locale`, whatever Accept-Language says', async () => {
    const response = await postJson(server.url, { ...valid, email: 'not-an-address', locale: 'ms' }, inChinese);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-language')).toBe('ms');
    expect(await response.text()).toBe('Sila masukkan alamat e-mel yang sah.');
    expect(site.store.enquiries()).toHaveLength(0);
  });

  it('names the field and its limit in that language', async () => {
    const response = await postJson(server.url, { ...valid, firstName: 'A'.repeat(CONTACT_LIMITS.name + 1), locale: 'zh' });
    expect(await response.text()).toBe('名字不得超过 100 个字符。');
    const unknown = await postJson(server.url, { ...valid, isAdmin: true, role: 'x', locale: 'ms' });
    expect(await unknown.text()).toBe('Pertanyaan ini mempunyai 2 ruangan yang tidak dikenali.');
  });

  it('answers in Accept-Language’s language when the body has no `locale`, or one the site does not have', async () => {
    const none = await postJson(server.url, { ...valid, email: 'x' }, inChinese);
    expect(none.headers.get('content-language')).toBe('zh-Hans');
    expect(await none.text()).toBe('请输入有效的电子邮箱。');
    const french = await postJson(server.url, { ...valid, locale: 'fr' }, inChinese);
    expect(french.status).toBe(400);
    expect(await french.text()).toBe('语言必须是本网站提供的语言之一。');
    const english = await postJson(server.url, { ...valid, locale: 'fr' }, { 'accept-language': 'fr-FR, de;q=0.5' });
    expect(await english.text()).toBe("The language must be one of the site's languages.");
  });

  it.each<[string, () => Promise<Response>, number, string]>([
    [
      'a body over the limit',
      () => postJson(server.url, { ...valid, message: 'x'.repeat(MEGABYTE), locale: 'ms' }, inChinese),
      413,
      '询问内容过大：上限为 16 KB。',
    ],
    [
      'another content type',
      () => fetch(`${server.url}/api/contact`, { method: 'POST', headers: { 'content-type': 'text/plain', ...inChinese }, body: 'hi' }),
      415,
      '请以 JSON 格式发送询问（Content-Type: application/json）。',
    ],
    ['malformed JSON', () => postJson(server.url, '{"firstName": "Mei", ', inChinese), 400, '询问内容不是有效的 JSON。'],
    ['an empty body', () => postJson(server.url, '', inChinese), 400, '询问内容为空。'],
    [
      'a malformed Idempotency-Key',
      () => postJson(server.url, valid, { ...inChinese, 'idempotency-key': 'abc' }),
      400,
      'Idempotency-Key 标头必须是随机 UUID（版本 4）。',
    ],
    ['another method', () => fetch(`${server.url}/api/contact`, { headers: inChinese }), 405, '此网址只接受 POST 请求。'],
    ['another API path', () => fetch(`${server.url}/api/newsletter`, { headers: inChinese }), 404, '此网址没有 API 端点。'],
  ])('answers %s, refused before the body is read, in Accept-Language’s language', async (_name, send, status, sentence) => {
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.headers.get('content-language')).toBe('zh-Hans');
    expect(await response.text()).toBe(sentence);
  });

  it('answers the rate limit in Accept-Language’s language', async () => {
    await server.close();
    await start({ rateLimitPerMinute: 1 });
    expect((await postJson(server.url, valid, inChinese)).status).toBe(201);
    const limited = await postJson(server.url, valid, inChinese);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('50');
    expect(await limited.text()).toBe('来自此地址的信息过多，请一分钟后再试。');
  });

  it('answers a conflicting Idempotency-Key in the body’s language', async () => {
    const key = randomUUID();
    await postJson(server.url, valid, { 'idempotency-key': key });
    const response = await postJson(server.url, { ...valid, message: 'Soalan lain', locale: 'ms' }, { 'idempotency-key': key });
    expect(response.status).toBe(422);
    expect(await response.text()).toBe('Idempotency-Key ini telah digunakan untuk pertanyaan yang lain.');
  });

  it('thanks the visitor in their language, and stores the enquiry with it', async () => {
    const malay = await postJson(server.url, { ...valid, firstName: 'Siti', locale: 'ms' }, inChinese);
    expect(malay.status).toBe(201);
    expect(malay.headers.get('content-language')).toBe('ms');
    const inMalay = await readAnswer(malay);
    expect(inMalay.message).toBe(
      `Terima kasih, Siti! Kami akan menghubungi anda dalam tempoh 24 jam. Nombor rujukan anda ialah ${enquiryReference(inMalay.id)}.`,
    );

    const chinese = await postJson(server.url, { ...valid, firstName: '伟明', lastName: '陈' }, { 'accept-language': 'zh-CN' });
    const chineseAnswer = await readAnswer(chinese);
    expect(chineseAnswer.message).toBe(`谢谢您，伟明！我们将在 24 小时内与您联系。您的参考编号是 ${enquiryReference(chineseAnswer.id)}。`);

    await postJson(server.url, { ...valid, firstName: 'Ann' });
    expect(site.store.enquiries().map((record) => [record.firstName, record.locale])).toEqual([
      ['Siti', 'ms'],
      ['伟明', 'zh'],
      ['Ann', 'en'],
    ]);
  });

  it('answers a replay in the replay’s language, with the first record', async () => {
    const key = randomUUID();
    const first = await readAnswer(await postJson(server.url, { ...valid, locale: 'ms' }, { 'idempotency-key': key }));
    const again = await postJson(server.url, { ...valid, locale: 'zh' }, { 'idempotency-key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const reference = enquiryReference(first.id);
    expect(await readAnswer(again)).toEqual({
      id: first.id,
      reference,
      message: `谢谢您，Aisyah！我们将在 24 小时内与您联系。您的参考编号是 ${reference}。`,
    });
    expect(site.store.enquiries().map((record) => record.locale)).toEqual(['ms']);
  });

  it('is what the page’s delivery asks for: a refusal before the body is read comes back in the enquiry’s language', async () => {
    const sendTo = (input: string | URL | Request, init?: RequestInit) => fetch(`${server.url}${String(input)}`, init);
    const tooLarge = validSubmission({ locale: 'zh' });
    const outcome = await deliverContact({ ...tooLarge, message: 'x'.repeat(20 * 1024) }, randomUUID(), {
      solve: solveContactChallenge,
      fetch: sendTo,
    });
    expect(outcome).toEqual({ kind: 'rejected', message: '413: 询问内容过大：上限为 16 KB。' });
    const delivered = await deliverContact(validSubmission({ firstName: 'Siti', locale: 'ms' }), randomUUID(), {
      solve: solveContactChallenge,
      fetch: sendTo,
    });
    const reference = enquiryReference(site.store.enquiries()[0]!.id);
    expect(delivered).toEqual({
      kind: 'delivered',
      message: `Terima kasih, Siti! Kami akan menghubungi anda dalam tempoh 24 jam. Nombor rujukan anda ialah ${reference}.`,
    });
    expect(site.store.enquiries().map((record) => record.locale)).toEqual(['ms']);
  });
});

describe('a form sent without JavaScript, in Malay', () => {
  beforeEach(() => start());

  it('is answered with a Malay page: lang, words, links and the hidden language field for the next send', async () => {
    const response = await postForm(server.url, formFields({ email: 'bukan-alamat', firstName: '', locale: 'ms' }), {
      'accept-language': 'zh-CN',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-language')).toBe('ms');
    const page = await response.text();
    expect(page).toContain('<html lang="ms">');
    expect(page).toContain('<title>Ralat: Mesej anda tidak dihantar</title>');
    expect(page).toContain('<h1>Mulakan Hari Ini</h1>');
    expect(page).toContain('<p>Sila betulkan ruangan di bawah, kemudian hantar mesej anda semula.</p>');
    expect(page).toContain('<p id="firstName-error" class="error">Sila masukkan nama pertama anda</p>');
    expect(page).toContain('<li><a href="#email">Sila masukkan alamat e-mel yang sah</a></li>');
    expect(page).toContain('<label for="email">Alamat E-mel<span class="required" aria-hidden="true"> *</span></label>');
    expect(page).toContain('placeholder="Ceritakan matlamat anda &amp; bagaimana kami boleh membantu..."');
    expect(page).toContain('<input type="hidden" name="locale" value="ms" />');
    expect(page).toContain('<button type="submit">Hantar Mesej</button>');
    expect(page).toContain('<a href="/ms/">Kembali ke laman utama</a>');
    expect(inputValue(page, 'email')).toBe('bukan-alamat');
    expect(site.store.enquiries()).toHaveLength(0);
  });

  it('stores the enquiry in Malay and confirms it in Malay, with links to the Malay pages', async () => {
    const response = await postForm(server.url, formFields({ firstName: 'Siti', locale: 'ms' }));
    expect(response.status).toBe(201);
    const page = await response.text();
    expect(page).toContain('<html lang="ms">');
    expect(page).toContain('<h1>Mesej Dihantar!</h1>');
    const reference = enquiryReference(site.store.enquiries()[0]!.id);
    expect(page).toContain(
      `<p>Terima kasih atas mesej anda! Kami akan menghubungi anda dalam tempoh 24 jam. Nombor rujukan anda ialah ${reference}.</p>`,
    );
    expect(page).toContain('<a href="/ms/">Kembali ke laman utama</a><a href="/ms/contact">Hantar mesej lain</a>');
    expect(site.store.enquiries()).toEqual([expect.objectContaining({ firstName: 'Siti', locale: 'ms' })]);
  });

  it('answers the rate limit in Accept-Language’s language: the form’s own is in the body, which is not read', async () => {
    await server.close();
    await start({ rateLimitPerMinute: 1 });
    await postForm(server.url, formFields({ locale: 'zh' }));
    const limited = await postForm(server.url, formFields({ message: '第二个问题', locale: 'zh' }), { 'accept-language': 'zh-CN' });
    expect(limited.status).toBe(429);
    const page = await limited.text();
    expect(page).toContain('<html lang="zh-Hans">');
    expect(page).toContain('<title>错误：您的信息未能发送</title>');
    expect(page).toContain('<p>来自此地址的信息过多，请一分钟后再试。</p>');
    expect(page).toContain('<input type="hidden" name="locale" value="zh" />');
  });

  it('answers a form with no language field in English, with the English hidden field and links', async () => {
    const page = await (await postForm(server.url, formFields({ email: 'x' }))).text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<input type="hidden" name="locale" value="en" />');
    expect(page).toContain('<a href="/">Back to the home page</a>');
  });
});
