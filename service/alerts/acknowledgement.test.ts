/**
 * The visitor's acknowledgement, end to end: the real service (a child
 * process, configured by its environment) or the app on a real data file,
 * the outbox, and a real SMTP server that reads back what arrived.
 */
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRAND } from '../../contract/brand';
import type { ContactAnswer, ContactSubmissionInput } from '../../contract/contact';
import { enquiryReference } from '../../contract/reference';
import { createApp } from '../app';
import type { AlertConfig } from '../config';
import { openFileStore, type FileStore } from '../db/file-store';
import { silentLog } from '../log';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../test-support/alert-receivers';
import { listen, makeSiteFixture, makeTempDir, postJson, readAnswer, type Running } from '../test-support/fixtures';
import { requestFrom } from '../test-support/loopback-clients';
import { startServer, type ServerProcess } from '../test-support/server-process';
import { startAlertDispatcher, type AlertDispatcher } from './alert-dispatcher';
import { acknowledges, configuredChannels, createOutboxSenders } from './alert-senders';
import { releaseSpam } from '../enquiry-records';

const ADVISERS = 'advisers@teratai-wealth.example';
const ACK_FROM = 'Teratai Wealth <hello@teratai-wealth.example>';
const SITE_URL = 'https://www.teratai-wealth.example';

/** A visitor whose every word is easy to spot, and none of them the firm's (the phone is not the firm's either). */
function visitor(email: string, overrides: Partial<ContactSubmissionInput> = {}): ContactSubmissionInput {
  return {
    firstName: 'Nurulhuda',
    lastName: 'Kamaruddin',
    email,
    phone: '+60 17-222 3344',
    service: '',
    message: 'Saya mahu semakan portfolio persaraan selepas bersara awal di Ipoh.',
    ...overrides,
  };
}

/** Everything the visitor typed, as it could show in the e-mail. */
function visitorsText(enquiry: ContactSubmissionInput): string[] {
  const words = enquiry.message.split(/[\s.,]+/).filter((word) => word.length > 6);
  return [enquiry.firstName, enquiry.lastName, enquiry.message, enquiry.phone!, enquiry.phone!.replace(/\D/g, ''), ...words];
}

function expectNoneOf(enquiry: ContactSubmissionInput, { mail }: ReceivedMail): void {
  const shown = [mail.subject ?? '', mail.text ?? '', String(mail.html)].join('\n');
  for (const text of visitorsText(enquiry)) expect(shown).not.toContain(text);
}

/** A JSON enquiry from the loopback address `from`, and its 201's answer. */
async function postFrom(from: string, url: string, enquiry: ContactSubmissionInput): Promise<ContactAnswer> {
  const headers = { 'Content-Type': 'application/json' };
  const answer = await requestFrom(url, { from, method: 'POST', path: '/api/contact', headers, body: JSON.stringify(enquiry) });
  expect(answer.status).toBe(201);
  return JSON.parse(answer.body) as ContactAnswer;
}

const mailsTo = (smtp: SmtpReceiver, address: string) =>
  smtp.received.filter(({ rcptTo }) => rcptTo.some((to) => to.toLowerCase() === address.toLowerCase()));

async function oneMailTo(smtp: SmtpReceiver, address: string): Promise<ReceivedMail> {
  await vi.waitFor(() => expect(mailsTo(smtp, address)).toHaveLength(1), { timeout: 10_000 });
  return mailsTo(smtp, address)[0]!;
}

/** The operator's alert of the enquiry with this reference: the outbox has been through its enquiry's alerts. */
async function operatorAlertOf(smtp: SmtpReceiver, reference: string): Promise<void> {
  await vi.waitFor(() => expect(mailsTo(smtp, ADVISERS).some(({ mail }) => mail.subject?.includes(reference))).toBe(true), {
    timeout: 10_000,
  });
}

describe('the acknowledgement, from the running service', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let smtp: SmtpReceiver;
  let server: ServerProcess & { url: string };

  beforeAll(async () => {
    temp = await makeTempDir();
    smtp = await startSmtpReceiver();
    server = await startServer({
      DB_FILE: path.join(temp.dir, 'data', 'db.json'),
      DIST_DIR: await makeSiteFixture(temp.dir),
      RATE_LIMIT_PER_MINUTE: '0',
      CONTACT_CHALLENGE: 'off',
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL_TO: ADVISERS,
      NOTIFY_EMAIL_FROM: 'alerts@teratai-wealth.example',
      ACK_EMAIL_FROM: ACK_FROM,
      SITE_URL,
    });
  });

  afterAll(async () => {
    server.child.kill('SIGKILL');
    await server.exited;
    await smtp.stop();
    await temp.remove();
  });

  it('in Malay: the reference of the 201, the reply promise, the official channels, what the firm never does, where to check, and nothing the visitor wrote', async () => {
    const enquiry = visitor('nurulhuda@example.com', { locale: 'ms' });
    const answer = await readAnswer(await postJson(server.url, enquiry));
    const reference = enquiryReference(answer.id);
    expect(answer.reference).toBe(reference);
    expect(answer.message).toContain(`Nombor rujukan anda ialah ${reference}.`);

    const acknowledgement = await oneMailTo(smtp, enquiry.email);
    const { mail } = acknowledgement;
    expect(acknowledgement.rcptTo).toEqual([enquiry.email]);
    expect(mail.from?.value).toEqual([{ name: 'Teratai Wealth', address: 'hello@teratai-wealth.example' }]);
    expect(mail.replyTo).toBeUndefined();
    expect(mail.headers.get('auto-submitted')).toBe('auto-replied');
    expect(mail.headers.get('content-language')).toBe('ms');
    expect(mail.subject).toBe(`${BRAND.name}: pertanyaan anda telah kami terima, rujukan ${reference}`);
    for (const body of [mail.text!, String(mail.html)]) {
      expect(body).toContain(`Nombor rujukan anda: ${reference}`);
      expect(body).toContain('Kami akan membalas dalam tempoh 24 jam');
      expect(body).toContain('Telefon dan WhatsApp');
      expect(body).toContain(BRAND.phone.display);
      expect(body).toContain(BRAND.email);
      expect(body).toContain(`${SITE_URL}/ms/`);
      expect(body).toContain('meminta anda membuat bayaran ke akaun bank peribadi');
      expect(body).toContain('kod sekali guna (OTP atau TAC)');
      expect(body).toContain('memindahkan perbualan ke nombor telefon lain');
      expect(body).toContain(`${SITE_URL}/ms/verify`);
      expect(body).toContain(BRAND.investorProtection.licensedEntitiesUrl);
      expect(body).toContain(BRAND.investorProtection.investorAlertListUrl);
      expect(body).toContain(BRAND.legalIdentity.licenceNumber);
    }
    expect(String(mail.html)).toContain(`<a href="https://wa.me/${BRAND.phone.whatsappNumber}">`);
    expect(String(mail.html)).toContain('<html lang="ms">');
    expectNoneOf(enquiry, acknowledgement);
  });

  it('in Chinese, from a page in Chinese', async () => {
    const enquiry = visitor('weiming@example.com', {
      firstName: '伟明',
      lastName: '陈',
      message: '我想了解退休规划和投资组合检讨的服务。',
      locale: 'zh',
    });
    const answer = await readAnswer(await postJson(server.url, enquiry));
    const reference = enquiryReference(answer.id);
    expect(answer.message).toContain(`您的参考编号是 ${reference}。`);

    const acknowledgement = await oneMailTo(smtp, enquiry.email);
    const { mail } = acknowledgement;
    expect(mail.headers.get('auto-submitted')).toBe('auto-replied');
    expect(mail.subject).toBe(`${BRAND.name}：我们已收到您的咨询，参考编号 ${reference}`);
    for (const body of [mail.text!, String(mail.html)]) {
      expect(body).toContain(`您的参考编号：${reference}`);
      expect(body).toContain('我们将在 24 小时内');
      expect(body).toContain('电话及 WhatsApp');
      expect(body).toContain(BRAND.phone.display);
      expect(body).toContain(BRAND.email);
      expect(body).toContain('要求您把钱转入个人银行账户');
      expect(body).toContain('一次性验证码');
      expect(body).toContain(`${SITE_URL}/zh/verify`);
      expect(body).toContain(BRAND.investorProtection.investorAlertListUrl);
    }
    expect(mail.text).toContain('\n- 电话及 WhatsApp：+60 12-345 6789 (https://wa.me/60123456789)\n');
    expectNoneOf(enquiry, acknowledgement);
    // The message's own characters, a few at a time: none of them made it in either.
    for (const piece of ['退休规划', '投资组合检讨']) expect(`${mail.text}${String(mail.html)}`).not.toContain(piece);
  });

  it('goes once a day to an address: a second enquiry from it, however it is capitalised, gets none', async () => {
    // From a client of its own: the tests above used 127.0.0.1's two acknowledgements of the day.
    const first = await postFrom('127.0.0.3', server.url, visitor('once.a.day@example.com'));
    await oneMailTo(smtp, 'once.a.day@example.com');
    const second = await postFrom('127.0.0.3', server.url, visitor('Once.A.Day@Example.com', { message: 'One more question.' }));
    // The second enquiry's own alert reached the firm: the outbox is done with it.
    await operatorAlertOf(smtp, enquiryReference(second.id));
    await operatorAlertOf(smtp, enquiryReference(first.id));
    expect(mailsTo(smtp, 'once.a.day@example.com')).toHaveLength(1);
  });
});

describe('the acknowledgement of an enquiry held for review', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let smtp: SmtpReceiver;
  let store: FileStore;
  let dispatcher: AlertDispatcher;
  let running: Running;

  const config = (): AlertConfig => ({
    email: { smtpUrl: smtp.url, to: [ADVISERS], from: 'alerts@teratai-wealth.example' },
    webhook: null,
    timeZone: 'Asia/Kuala_Lumpur',
    acknowledgement: { smtpUrl: smtp.url, from: ACK_FROM, siteUrl: SITE_URL },
  });

  async function open(): Promise<void> {
    store = await openFileStore(path.join(temp.dir, 'db.json'), {
      alertChannels: configuredChannels(config()),
      acknowledge: acknowledges(config()),
    });
    dispatcher = startAlertDispatcher({ store, senders: createOutboxSenders(config()), log: silentLog });
    const app = createApp({ store, distDir: await makeSiteFixture(temp.dir), rateLimitPerMinute: 0, trustProxy: false, log: silentLog });
    running = await listen(app);
  }

  async function close(): Promise<void> {
    await running.close();
    await dispatcher.stop();
    await store.close();
  }

  beforeEach(async () => {
    temp = await makeTempDir();
    smtp = await startSmtpReceiver();
    await open();
  });

  afterEach(async () => {
    await close();
    await smtp.stop();
    await temp.remove();
  });

  it('gets none while held, one when released, with the reference its 201 gave, and not again after a restart', async () => {
    // A disposable address: held for review (a filled honeypot is only counted, never released).
    const held = visitor('held@mailinator.com', { locale: 'ms' });
    const heldAnswer = await readAnswer(await postJson(running.url, held));
    expect(store.spam()).toHaveLength(1);

    // Another visitor's acknowledgement arrives; the held one's does not.
    await postJson(running.url, visitor('someone.else@example.com'));
    await oneMailTo(smtp, 'someone.else@example.com');
    expect(mailsTo(smtp, held.email)).toHaveLength(0);

    expect(await releaseSpam(store, heldAnswer.id, configuredChannels(config()))).not.toBeNull();
    const acknowledgement = await oneMailTo(smtp, held.email);
    expect(acknowledgement.mail.subject).toContain(enquiryReference(heldAnswer.id));
    expect(acknowledgement.mail.headers.get('auto-submitted')).toBe('auto-replied');
    expectNoneOf(held, acknowledgement);

    // The outbox wrote each acknowledgement down as sent: a restart sends neither again.
    await close();
    await open();
    await postJson(running.url, visitor('after.restart@example.com'));
    await oneMailTo(smtp, 'after.restart@example.com');
    expect(mailsTo(smtp, held.email)).toHaveLength(1);
    expect(mailsTo(smtp, 'someone.else@example.com')).toHaveLength(1);
    expect(
      store
        .alerts()
        .filter((alert) => alert.kind === 'acknowledgement')
        .map((alert) => alert.status),
    ).toEqual(['sent', 'sent', 'sent']);
  });
});
