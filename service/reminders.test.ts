/**
 * The reminder, end to end: the real service with RESPONSE_REMINDER_HOURS set
 * to a few seconds, a real SMTP server and a real webhook receiver; and which
 * enquiries a look reminds of, on a real store.
 */
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { enquiryReference } from '../contract/reference';
import { startSmtpReceiver, startWebhookReceiver, type SmtpReceiver, type WebhookReceiver } from './test-support/alert-receivers';
import { openFileStore } from './db/file-store';
import { queueDueReminders } from './reminders';
import { makeSiteFixture, makeTempDir, postJson, readAnswer, validEnquiry } from './test-support/fixtures';
import { submitEnquiry } from './test-support/inbox';
import { startServer, type ServerProcess } from './test-support/server-process';
import { until } from './test-support/until';

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

it('reminds once, by e-mail in the enquiry thread and by webhook, of an enquiry still New', async () => {
  const temp = await makeTempDir();
  cleanups.push(temp.remove);
  const smtp: SmtpReceiver = await startSmtpReceiver();
  cleanups.push(() => smtp.stop());
  const webhook: WebhookReceiver = await startWebhookReceiver();
  cleanups.push(() => webhook.stop());
  const server: ServerProcess & { url: string } = await startServer({
    DB_FILE: path.join(temp.dir, 'data', 'db.json'),
    DIST_DIR: await makeSiteFixture(temp.dir),
    RATE_LIMIT_PER_MINUTE: '0',
    CONTACT_CHALLENGE: 'off',
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL_TO: 'advisers@teratai-wealth.example',
    NOTIFY_EMAIL_FROM: 'alerts@teratai-wealth.example',
    NOTIFY_WEBHOOK_URL: webhook.url,
    // Two seconds.
    RESPONSE_REMINDER_HOURS: String(2 / 3600),
  });
  cleanups.push(async () => {
    server.child.kill('SIGKILL');
    await server.exited;
  });

  const answer = await readAnswer(await postJson(server.url, validEnquiry({ firstName: 'Siti', lastName: 'Aminah' })));
  const reference = enquiryReference(answer.id!);
  const subjects = () => smtp.received.map(({ mail }) => mail.subject ?? '');
  const reminder = await until(() => smtp.received.find(({ mail }) => mail.subject?.startsWith('Reminder:')), 'the reminder e-mail');
  const alert = smtp.received.find(({ mail }) => mail.subject?.startsWith('New enquiry'))!;
  expect(reminder.mail.subject).toMatch(new RegExp(`^Reminder: ${reference} from Siti Aminah is still New, 23 hours 59 min left$`));
  expect(reminder.mail.inReplyTo).toBe(alert.mail.messageId);
  expect(reminder.mail.headers.get('auto-submitted')).toBe('auto-generated');
  expect(reminder.mail.text).toContain(`The enquiry ${reference} from Siti Aminah is still New.`);
  // Not the message: the alert carried it; the reminder only says what is due.
  expect(reminder.mail.text).not.toContain(validEnquiry().message);

  const hook = await until(
    () => webhook.received.map(({ body }) => JSON.parse(body)).find((body) => body.event === 'enquiry.reminder'),
    'the reminder webhook',
  );
  expect(hook).toMatchObject({ enquiry: { id: answer.id }, answerBy: expect.any(String) });

  // A second enquiry's reminder comes from a later look, which found the first one reminded already.
  const second = await readAnswer(await postJson(server.url, validEnquiry({ email: 'second@example.com' })));
  await until(() => subjects().find((subject) => subject.startsWith(`Reminder: ${enquiryReference(second.id!)}`)), 'the second reminder');
  expect(subjects().filter((subject) => subject.startsWith(`Reminder: ${reference}`))).toHaveLength(1);
  await until(
    () => webhook.received.find(({ body }) => body.includes('enquiry.reminder') && body.includes(second.id!)),
    'the second reminder webhook',
  );
  const reminded = webhook.received.map(({ body }) => JSON.parse(body)).filter((body) => body.event === 'enquiry.reminder');
  expect(reminded.filter((body) => body.enquiry.id === answer.id)).toHaveLength(1);
});

it('reminds, at the upgrade, of none of the enquiries stored before the inbox, only of those still in time', async () => {
  const temp = await makeTempDir();
  cleanups.push(temp.remove);
  const store = await openFileStore(path.join(temp.dir, 'data', 'db.json'));
  cleanups.push(() => store.close());
  const now = Date.parse('2027-01-04T02:00:00.000Z');
  const ago = (hours: number) => now - hours * 3_600_000;
  const stored: Record<string, string> = {};
  // A stored enquiry has no status until someone changes it: every one of these reads as New.
  for (const [name, time] of [
    ['three years ago', ago(3 * 365 * 24)],
    ['three days ago', ago(72)],
    ['two days ago, almost', ago(47)],
    ['yesterday', ago(21)],
    ['an hour ago', ago(1)],
  ] as const) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(time);
    try {
      stored[(await submitEnquiry(store, { firstName: name })).id] = name;
    } finally {
      vi.useRealTimers();
    }
  }
  const count = await queueDueReminders({ store, hours: 20, channels: ['email'], log: () => {}, now: () => new Date(now) });
  expect(count).toBe(2);
  const reminded = (await store.records()).alerts.filter((alert) => alert.kind === 'reminder').map((alert) => stored[alert.enquiryId]);
  expect(reminded.sort()).toEqual(['two days ago, almost', 'yesterday']);
});

it('reminds, when the reminder comes after the promise ran out, of the enquiries that reached that hour since', async () => {
  const temp = await makeTempDir();
  cleanups.push(temp.remove);
  const store = await openFileStore(path.join(temp.dir, 'data', 'db.json'));
  cleanups.push(() => store.close());
  await submitEnquiry(store);
  const inAMonth = () => new Date(Date.now() + 30 * 24 * 3_600_000 + 60_000);
  expect(await queueDueReminders({ store, hours: 720, channels: ['email'], log: () => {}, now: inAMonth })).toBe(1);
});
