/** The daily digest, with the clock moved, through a real SMTP server, on both stores. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLog } from '../log';
import type { Store } from '../store-interface';
import { startSmtpReceiver, type SmtpReceiver } from '../test-support/alert-receivers';
import { validSubmission } from '../test-support/fixtures';
import { useStoreBackends } from '../test-support/store-backends';
import { sendDigestIfDue } from './daily-digest';
import { createOperatorNotices, type OperatorNotices } from './operator-notices';

const backends = useStoreBackends();
let store: Store;
let smtp: SmtpReceiver;
let notices: OperatorNotices;

beforeEach(async () => {
  smtp = await startSmtpReceiver();
  notices = createOperatorNotices({
    email: { smtpUrl: smtp.url, to: ['advisers@teratai-wealth.example'], from: 'Teratai Alerts <alerts@teratai-wealth.example>' },
    webhook: null,
    timeZone: 'Asia/Kuala_Lumpur',
  });
});

afterEach(async () => {
  vi.useRealTimers();
  notices.close();
  await smtp.stop();
});

const digest = () => sendDigestIfDue({ store, notices, timeZone: 'Asia/Kuala_Lumpur', log: silentLog });
const at = (iso: string) => vi.setSystemTime(new Date(iso));

describe.each(backends)('the daily digest, on the $name store', (backend) => {
  beforeEach(async () => {
    [store] = await backend.openPair();
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T02:00:00Z') });
  });

  it('is sent once, after the UTC day ends, with the counts and each held one’s name, reference and first line', async () => {
    const held = await store.submitEnquiry(
      validSubmission({ firstName: 'Farah', lastName: 'Aziz', message: '\nFirst line <script>alert(1)</script>\nSecond line' }),
      undefined,
      { holdFor: 'no-javascript' },
    );
    if (held.outcome !== 'created') throw new Error('not held');
    await store.tally('honeypot', new Date(), 'Bot Person <bot@example.com>: <b>cheap</b>');
    await store.tally('honeypot', new Date());
    at('2026-11-26T23:59:00Z');
    expect(await digest()).toBe(false); // the day is not over
    expect(smtp.received).toEqual([]);

    at('2026-11-27T00:30:00Z');
    expect(await digest()).toBe(true);
    expect(await digest()).toBe(false);
    expect(smtp.received).toHaveLength(1);
    const { mail, rcptTo } = smtp.received[0]!;
    const reference = `TW-${held.record.id.slice(0, 8).toUpperCase()}`;
    expect(rcptTo).toEqual(['advisers@teratai-wealth.example']);
    expect(mail.subject).toBe('Held for review: 1 held, 2 counted on 2026-11-26');
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.text).toContain('Farah Aziz, ' + reference);
    expect(mail.text).toContain('  > First line <script>alert(1)</script>');
    expect(mail.text).not.toContain('Second line');
    expect(mail.text).toContain('  2: filled in the hidden field (honeypot)');
    expect(mail.text).toContain('from Thursday, 26 November 2026 at 08:00 (Asia/Kuala_Lumpur) to Friday, 27 November 2026 at 08:00');
    expect(mail.html).toContain('First line &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('&lt;b&gt;cheap&lt;/b&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  it('is not sent when nothing was held or counted, nor about a record already released', async () => {
    const held = await store.submitEnquiry(validSubmission(), undefined, { holdFor: 'many-links' });
    if (held.outcome !== 'created') throw new Error('not held');
    await store.releaseSpam(held.record.id, []);
    at('2026-11-27T00:30:00Z');
    expect(await digest()).toBe(false);
    expect(smtp.received).toEqual([]);
  });

  it('lists only that day’s held records, oldest first, and counts every one held now', async () => {
    const hold = (firstName: string) => store.submitEnquiry(validSubmission({ firstName }), undefined, { holdFor: 'many-links' });
    at('2026-11-25T23:00:00Z');
    await hold('Before');
    at('2026-11-26T01:00:00Z');
    await hold('Early');
    at('2026-11-26T22:00:00Z');
    await hold('Late');
    at('2026-11-27T00:10:00Z');
    await hold('After');
    expect(await digest()).toBe(true);
    const { text } = smtp.received[0]!.mail;
    expect(text).toContain('Held that day and still held: 2 (held now in all: 4).');
    expect(text).not.toMatch(/Before|After/);
    expect(text!.indexOf('Early Rahman')).toBeLessThan(text!.indexOf('Late Rahman'));
    expect(text!.indexOf('Early Rahman')).toBeGreaterThan(-1);
  });

  it('is tried again at the next look when the mail server refused it', async () => {
    await store.tally('challenge-refused', new Date(), 'a bot');
    at('2026-11-27T01:00:00Z');
    smtp.refuseWith = 451;
    await expect(digest()).rejects.toThrow();
    smtp.refuseWith = null;
    at('2026-11-27T02:00:00Z');
    expect(await digest()).toBe(true);
    expect(smtp.received).toHaveLength(1);
  });
});
