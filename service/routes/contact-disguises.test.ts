/**
 * Text that would dress up the firm's alert (an encoded word, a line break a
 * mail client obeys, a direction override) is refused at the door, by the
 * JSON route and by the form sent without JavaScript alike, in the visitor's
 * language, and nothing is stored.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { silentLog } from '../log';
import { listen, postJson, validEnquiry, type Running } from '../test-support/fixtures';
import { useSiteAndStore } from '../test-support/per-test';

const site = useSiteAndStore();
let server: Running;

beforeEach(async () => {
  const app = createApp({ store: site.store, distDir: site.distDir, rateLimitPerMinute: 0, trustProxy: false, log: silentLog });
  server = await listen(app);
});

afterEach(async () => {
  await server.close();
});

const ENCODED_WORD = '=?UTF-8?Q?=0D=0ABcc:_x@evil.example?=';
const REFUSAL = 'contains characters that are not allowed, such as =? or invisible control and text-direction characters';

const DISGUISED: [string, Record<string, string>, string][] = [
  ['an encoded word as the first name', { firstName: ENCODED_WORD }, 'First name'],
  ['NEL (U+0085) in the last name', { lastName: 'Rahman\u0085Bcc: x@evil.example' }, 'Last name'],
  ['a line separator (U+2028) in the service', { service: 'Retirement\u2028Subject: urgent' }, 'Service'],
  ['a right-to-left override in the e-mail address', { email: 'aisyah\u202e@example.com' }, 'Email address'],
  ['a pop directional isolate in the phone', { phone: '+60 12 345\u2069 6789' }, 'WhatsApp number'],
  ['a C1 control (CSI) in the message', { message: 'Please call me.\u009b2J' }, 'Message'],
  ['a right-to-left override in the message', { message: 'Invoice for \u202excod.exe' }, 'Message'],
];

/** The form as a browser sends it by itself, from the site's own page. */
function postForm(fields: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams({ ...validEnquiry(), website: '', ...fields }).toString(),
  });
}

describe('POST /api/contact as JSON', () => {
  it.each(DISGUISED)('refuses %s with 400 and a sentence; nothing stored', async (_name, fields, field) => {
    const response = await postJson(server.url, validEnquiry(fields));
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(`${field} ${REFUSAL}.`);
    expect(site.store.enquiries()).toHaveLength(0);
    expect(site.store.spam()).toHaveLength(0);
  });

  it('says so in the visitor’s language', async () => {
    const response = await postJson(server.url, { ...validEnquiry({ firstName: ENCODED_WORD }), locale: 'zh' });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('名字含有不允许使用的字符，例如 =? 或不可见的控制字符和文字方向字符。');
  });
});

describe('POST /api/contact from a form sent without JavaScript', () => {
  // The form has no `service` field: its problem goes to the summary.
  it.each(DISGUISED)('refuses %s with the form and the sentence; nothing stored', async (_name, fields, field) => {
    const response = await postForm(fields);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(`${field} ${REFUSAL}`);
    expect(site.store.enquiries()).toHaveLength(0);
    expect(site.store.spam()).toHaveLength(0);
  });

  it('says so in Malay on the Malay form', async () => {
    const response = await postForm({ firstName: ENCODED_WORD, locale: 'ms' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(
      '<p id="firstName-error" class="error">Nama pertama mengandungi aksara yang tidak dibenarkan, seperti =? atau aksara kawalan dan arah teks yang tidak kelihatan</p>',
    );
  });
});
