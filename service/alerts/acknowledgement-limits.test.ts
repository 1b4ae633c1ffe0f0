/**
 * The acknowledgement's limits end to end, in both stores: the app on a real
 * store, posts from real loopback addresses, the outbox, and a real SMTP
 * server that reads back what arrived. One mailbox however it is spelt gets
 * one acknowledgement; one client gets two; every enquiry still reaches the
 * firm.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactAnswer } from '../../contract/contact';
import { enquiryReference } from '../../contract/reference';
import { createApp } from '../app';
import { formatTallies } from '../cli/record-views';
import { digestMail } from '../review/daily-digest';
import { TALLY_TEXT } from '../review/tally-text';
import type { AlertConfig } from '../config';
import { silentLog } from '../log';
import type { Store } from '../store-interface';
import { startSmtpReceiver, type SmtpReceiver } from '../test-support/alert-receivers';
import { listen, makeSiteFixture, makeTempDir, validEnquiry, type Running } from '../test-support/fixtures';
import { requestFrom } from '../test-support/loopback-clients';
import { useStoreBackends } from '../test-support/store-backends';
import { startAlertDispatcher, type AlertDispatcher } from './alert-dispatcher';
import { acknowledges, configuredChannels, createOutboxSenders } from './alert-senders';
import { talliesSince } from '../store-rules';

const ADVISERS = 'advisers@teratai-wealth.example';
const backends = useStoreBackends();

describe.each(backends)('acknowledgements through a real SMTP server, $name store', (backend) => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let smtp: SmtpReceiver;
  let store: Store;
  let dispatcher: AlertDispatcher;
  let running: Running;

  beforeEach(async () => {
    temp = await makeTempDir();
    smtp = await startSmtpReceiver();
    const config: AlertConfig = {
      email: { smtpUrl: smtp.url, to: [ADVISERS], from: 'alerts@teratai-wealth.example' },
      webhook: null,
      timeZone: 'Asia/Kuala_Lumpur',
      acknowledgement: { smtpUrl: smtp.url, from: 'Teratai Wealth <hello@teratai-wealth.example>', siteUrl: 'https://www.example.com' },
    };
    store = await (await backend.fresh()).open({ alertChannels: configuredChannels(config), acknowledge: acknowledges(config) });
    dispatcher = startAlertDispatcher({ store, senders: createOutboxSenders(config), log: silentLog });
    const app = createApp({ store, distDir: await makeSiteFixture(temp.dir), rateLimitPerMinute: 0, trustProxy: false, log: silentLog });
    running = await listen(app);
  });

  afterEach(async () => {
    await running.close();
    await dispatcher.stop();
    await smtp.stop();
    await temp.remove();
  });

  async function send(from: string, email: string): Promise<ContactAnswer> {
    const answer = await requestFrom(running.url, {
      from,
      method: 'POST',
      path: '/api/contact',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(validEnquiry({ email, message: `A question from ${email}.` })),
    });
    expect(answer.status).toBe(201);
    return JSON.parse(answer.body) as ContactAnswer;
  }

  const mailsTo = (addresses: readonly string[]) =>
    smtp.received.filter(({ rcptTo }) => rcptTo.some((to) => addresses.includes(to.toLowerCase())));

  /** Waits until the firm has each enquiry's alert: the outbox is through with them, acknowledgements included. */
  async function alertedAll(answers: readonly ContactAnswer[]): Promise<void> {
    await vi.waitFor(
      () => {
        const subjects = mailsTo([ADVISERS]).map(({ mail }) => mail.subject ?? '');
        for (const { id } of answers) expect(subjects.some((subject) => subject.includes(enquiryReference(id)))).toBe(true);
      },
      { timeout: 10_000 },
    );
  }

  it('one mailbox however it is spelt gets one; one client gets two; every enquiry is stored and alerted', async () => {
    const victim = ['victim+1@gmail.com', 'v.ictim+2@googlemail.com', 'victim@gmail.com', 'vic.tim+news@gmail.com'];
    const answers = [
      await send('127.0.0.11', 'victim+1@gmail.com'),
      await send('127.0.0.12', 'v.ictim+2@googlemail.com'),
      await send('127.0.0.13', 'VICTIM@gmail.com'),
      await send('127.0.0.14', 'vic.tim+news@gmail.com'),
    ];
    const office = ['aisyah@example.com', 'boon@example.com', 'chitra@example.com'];
    for (const email of office) answers.push(await send('127.0.0.20', email));
    await alertedAll(answers);
    // The acknowledgements are queued with their enquiries; the one acknowledgement in time is sent first.
    await vi.waitFor(() => expect(mailsTo(victim)).toHaveLength(1), { timeout: 10_000 });
    await vi.waitFor(() => expect(mailsTo(office)).toHaveLength(2), { timeout: 10_000 });
    expect(mailsTo(victim)[0]!.rcptTo).toEqual(['victim+1@gmail.com']);
    expect(mailsTo(['chitra@example.com'])).toHaveLength(0);

    const { enquiries, alerts } = await store.records();
    expect(enquiries).toHaveLength(7);
    expect(alerts.filter((alert) => alert.kind === 'acknowledgement')).toHaveLength(3);
    expect(mailsTo([ADVISERS])).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    const tallies = await talliesSince(store, today);
    const counts = Object.fromEntries(tallies.map((tally) => [tally.name, tally.count]));
    expect(counts).toMatchObject({ 'acknowledgement-mailbox': 3, 'acknowledgement-client': 1 });
    // What the operator reads: `npm run enquiries -- spam` and the daily digest.
    const mailbox = `3  ${TALLY_TEXT['acknowledgement-mailbox']}`;
    const client = `1  ${TALLY_TEXT['acknowledgement-client']}`;
    expect(formatTallies(tallies, today)).toContain(`${today}  ${mailbox}`);
    expect(formatTallies(tallies, today)).toContain(`${today}  ${client}`);
    const digest = digestMail({ day: today, tallies, held: [], heldNow: 0 }, 'Asia/Kuala_Lumpur').text;
    expect(digest).toContain(`  3: ${TALLY_TEXT['acknowledgement-mailbox']}`);
    expect(digest).toContain(`  1: acknowledgements not sent: the client address had 2 that day`);
  });
});
