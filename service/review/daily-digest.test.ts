/**
 * The daily digest, with the clock moved, queued as an operator alert and
 * delivered by the real alert dispatcher at a real SMTP server and webhook
 * receiver, on both stores: its retries are the outbox's, and two instances
 * queue it once a day.
 */
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLog, type LogFields } from '../log';
import { utcDay } from '../records';
import type { Store } from '../store-interface';
import { useOutbox } from '../test-support/per-test';
import { runEnquiries } from '../cli/enquiries';
import { openFileStore } from '../db/file-store';
import { makeTempDir, validSubmission } from '../test-support/fixtures';
import { useStoreBackends } from '../test-support/store-backends';
import { queueDigestIfDue } from './daily-digest';
import { releaseSpam } from '../enquiry-records';

const backends = useStoreBackends();
const alertChannels = ['email', 'webhook'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;
let store: Store;
const outbox = useOutbox();
const { dispatchFrom } = outbox;

const digest = (from = store) => queueDigestIfDue({ store: from, alertChannels, timeZone: 'Asia/Kuala_Lumpur', log: silentLog });
const at = (iso: string) => vi.setSystemTime(new Date(iso));

/** Waits until every operator alert queued (at least `count`) was sent. */
async function allSent(count: number): Promise<void> {
  await expect
    .poll(async () => (await store.find('operatorAlerts')).filter((alert) => alert.status === 'sent').length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(count);
  expect((await store.find('operatorAlerts')).every((alert) => alert.status === 'sent')).toBe(true);
}

describe.each(backends)('the daily digest, on the $name store', (backend) => {
  beforeEach(async () => {
    [store] = await backend.openPair();
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T02:00:00Z') });
    dispatchFrom(store);
  });

  it('is sent once, after the UTC day ends, with the counts and each held one’s reference and reason, naming no visitor', async () => {
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
    expect(outbox.smtp.received).toEqual([]);

    at('2026-11-27T00:30:00Z');
    expect(await digest()).toBe(true);
    expect(await digest()).toBe(false);
    await allSent(2);
    expect(outbox.smtp.received).toHaveLength(1);
    const { mail, rcptTo } = outbox.smtp.received[0]!;
    const reference = `TW-${held.record.id.slice(0, 8).toUpperCase()}`;
    expect(rcptTo).toEqual(['advisers@teratai-wealth.example']);
    expect(mail.subject).toBe('Held for review: 1 held, 2 counted on 2026-11-26');
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.messageId).toBe('<operator-digest-2026-11-26@teratai-wealth.example>');
    expect(mail.text).toContain(`- ${reference}, received Thursday, 26 November 2026 at 10:00 (Asia/Kuala_Lumpur)`);
    expect(mail.text).toContain('  Why: ');
    // Stored in the outbox, which a visitor's deletion does not reach: no name, no message.
    expect(mail.text).not.toMatch(/Farah|Aziz|First line|Second line/);
    expect(mail.text).toContain('  2: filled in the hidden field (honeypot)');
    expect(mail.text).toContain('from Thursday, 26 November 2026 at 08:00 (Asia/Kuala_Lumpur) to Friday, 27 November 2026 at 08:00');
    expect(mail.html).toContain('&lt;b&gt;cheap&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('white-space:pre-wrap'); // a 200-character example wraps on a phone
    // The webhook gets the same words, as every operator alert's: JSON, signed.
    expect(outbox.webhook.received).toHaveLength(1);
    const posted = JSON.parse(outbox.webhook.received[0]!.body) as { text: string };
    expect(posted).toMatchObject({ event: 'digest.daily', key: 'digest-2026-11-26', subject: mail.subject });
    expect(posted.text).toBe(mail.text);
  });

  it('is not sent when nothing was held or counted, nor about a record already released', async () => {
    const held = await store.submitEnquiry(validSubmission(), undefined, { holdFor: 'many-links' });
    if (held.outcome !== 'created') throw new Error('not held');
    await releaseSpam(store, held.record.id, []);
    at('2026-11-27T00:30:00Z');
    expect(await digest()).toBe(false);
    expect(await store.find('operatorAlerts')).toEqual([]);
    expect(outbox.smtp.received).toEqual([]);
  });

  it('lists only that day’s held records, oldest first, and counts every one held now', async () => {
    const hold = async (firstName: string) => {
      const held = await store.submitEnquiry(validSubmission({ firstName }), undefined, { holdFor: 'many-links' });
      if (held.outcome !== 'created') throw new Error('not held');
      return `TW-${held.record.id.slice(0, 8).toUpperCase()}`;
    };
    at('2026-11-25T23:00:00Z');
    const before = await hold('Before');
    at('2026-11-26T01:00:00Z');
    const early = await hold('Early');
    at('2026-11-26T22:00:00Z');
    const late = await hold('Late');
    at('2026-11-27T00:10:00Z');
    const after = await hold('After');
    expect(await digest()).toBe(true);
    await allSent(2);
    const { text } = outbox.smtp.received[0]!.mail;
    expect(text).toContain('Held that day and still held: 2 (held now in all: 4).');
    expect(text).not.toContain(before);
    expect(text).not.toContain(after);
    expect(text!.indexOf(early)).toBeLessThan(text!.indexOf(late));
    expect(text!.indexOf(early)).toBeGreaterThan(-1);
  });
});

describe.each(backends)('the daily digest through the alert outbox, on the $name store', (backend) => {
  it('is retried by the outbox when the mail server refused its first send, and sent once; the next look does not queue it again', async () => {
    [store] = await backend.openPair();
    const now = new Date();
    const day = utcDay(new Date(now.getTime() - DAY_MS));
    await store.tally('challenge-refused', new Date(now.getTime() - DAY_MS), 'a bot');
    const logged: LogFields[] = [];
    outbox.smtp.refuseWith = 451;
    expect(await digest()).toBe(true);
    dispatchFrom(store, (fields) => logged.push(fields));

    const email = async () => (await store.find('operatorAlerts')).find((alert) => alert.channel === 'email')!;
    await expect.poll(async () => (await email()).attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(await email()).toMatchObject({ status: 'pending', attempts: 1, sentAt: null, lastError: expect.stringMatching(/451/) });
    outbox.smtp.refuseWith = null;
    await allSent(2);
    expect(await email()).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(outbox.smtp.received).toHaveLength(1);
    expect(outbox.smtp.received[0]!.mail.subject).toBe(`Held for review: 0 held, 1 counted on ${day}`);
    expect(await digest()).toBe(false); // an hour later, the next look
    expect(await store.find('operatorAlerts')).toHaveLength(2);
    // The dispatcher's one log line per attempt, as for every alert (written just after the record).
    const digestLines = () => logged.filter((fields) => fields.key === `digest-${day}` && fields.channel === 'email');
    await expect.poll(() => digestLines().map((fields) => fields.status)).toEqual(['pending', 'sent']);
  });

  it('is queued once a day by two instances looking at once, each with its own dispatcher: one e-mail and one webhook a day', async () => {
    const [a, b] = await backend.openPair();
    store = a;
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T02:00:00Z') });
    await a.tally('honeypot', new Date(), 'a bot');
    at('2026-11-27T00:05:00Z');
    await b.tally('honeypot', new Date(), 'a bot the day after');
    const looks = await Promise.all([a, b, a, b].map((instance) => digest(instance)));
    expect(looks.filter(Boolean)).toHaveLength(1);
    dispatchFrom(a);
    if (backend.shared) dispatchFrom(b);
    await allSent(2);
    expect([outbox.smtp.received.length, outbox.webhook.received.length]).toEqual([1, 1]);
    expect(outbox.smtp.received[0]!.mail.subject).toBe('Held for review: 0 held, 1 counted on 2026-11-26');

    at('2026-11-28T00:05:00Z');
    expect((await Promise.all([b, a].map((instance) => digest(instance)))).filter(Boolean)).toHaveLength(1);
    await allSent(4);
    expect(outbox.smtp.received.map(({ mail }) => mail.subject)).toEqual([
      'Held for review: 0 held, 1 counted on 2026-11-26',
      'Held for review: 0 held, 1 counted on 2026-11-27',
    ]);
    expect(outbox.webhook.received).toHaveLength(2);
    expect((await a.find('operatorAlerts')).map((alert) => [alert.key, alert.channel, alert.attempts])).toEqual([
      ['digest-2026-11-26', 'email', 1],
      ['digest-2026-11-26', 'webhook', 1],
      ['digest-2026-11-27', 'email', 1],
      ['digest-2026-11-27', 'webhook', 1],
    ]);
  });
});

describe('the daily digest in `npm run enquiries -- alerts`', () => {
  it('is listed under the operator alerts, pending with the mail server’s answer and its next attempt', async () => {
    const temp = await makeTempDir();
    try {
      const dbFile = path.join(temp.dir, 'data', 'db.json');
      store = await openFileStore(dbFile);
      const yesterday = new Date(Date.now() - DAY_MS);
      await store.tally('honeypot', yesterday, 'a bot');
      outbox.smtp.refuseWith = 451;
      expect(await digest()).toBe(true);
      const dispatcher = dispatchFrom(store);
      await expect.poll(async () => (await store.find('operatorAlerts')).filter((alert) => alert.attempts > 0).length).toBe(2);
      await dispatcher.stop();
      await store.close();

      let out = '';
      const code = await runEnquiries(['alerts'], { out: (text) => (out += text), err: () => {}, env: { DB_FILE: dbFile } });
      expect(code).toBe(0);
      const subject = `Held for review: 0 held, 1 counted on ${utcDay(yesterday)}`;
      expect(out).toContain('Operator alerts (about no enquiry)');
      expect(out).toMatch(new RegExp(`PENDING +e-mail +${subject}`));
      expect(out).toContain(`digest-${utcDay(yesterday)}`);
      expect(out).toContain('last error: Message failed: 451 Refused by the test (451)');
      expect(out).toContain('next attempt: ');
      expect(out).toMatch(new RegExp(`SENT +webhook +${subject}`));
    } finally {
      await temp.remove();
    }
  });
});
