import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileStore } from '../db/file-store';
import { openFileStore } from '../db/file-store';
import { makeSiteFixture, postJson, validEnquiry, validSubmission } from '../test-support/fixtures';
import { useAlertReceivers, useTempFolder } from '../test-support/per-test';
import { killIfRunning, startServer, type ServerProcess } from '../test-support/server-process';
import { runEnquiries } from './enquiries';

const temp = useTempFolder();
const receivers = useAlertReceivers();
let service: (ServerProcess & { url: string }) | null;

function alertEnv(): Record<string, string> {
  return {
    DB_FILE: temp.dbFile,
    SMTP_URL: receivers.smtp.url,
    NOTIFY_EMAIL_TO: 'advisers@teratai-wealth.example',
    NOTIFY_EMAIL_FROM: 'alerts@teratai-wealth.example',
    NOTIFY_WEBHOOK_URL: receivers.webhook.url,
    NOTIFY_WEBHOOK_SECRET: 'webhook secret for the tests, 32 characters or more',
    TZ_DISPLAY: 'Asia/Kuala_Lumpur',
  };
}

async function run(env: Record<string, string>, ...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runEnquiries(argv, { out: (text) => (out += text), err: (text) => (err += text), env });
  return { code, out, err };
}

/** One enquiry whose webhook alert failed for good (410) and whose e-mail alert waits for a retry. */
async function seedFailedAndPending() {
  const store = await openFileStore(temp.dbFile, { alertChannels: ['email', 'webhook'] });
  await store.submitEnquiry(validSubmission({ firstName: 'Farah' }));
  const claimed = await store.claimDueAlerts(new Date(), new Date(), 2);
  const tried = new Date().toISOString();
  for (const { alert } of claimed) {
    await store.recordAlert(
      alert.channel === 'webhook'
        ? { ...alert, status: 'failed', attempts: 1, lastAttemptAt: tried, nextAttemptAt: null, lastError: 'HTTP 410: Gone' }
        : {
            ...alert,
            attempts: 1,
            lastAttemptAt: tried,
            nextAttemptAt: new Date(Date.now() + 60_000).toISOString(),
            lastError: 'connect ECONNREFUSED',
          },
    );
  }
  await store.close();
}

beforeEach(() => {
  service = null;
});

afterEach(async () => {
  await killIfRunning(service);
});

describe('alerts', () => {
  it("lists pending and failed alerts with their last error and next attempt, in the firm's time zone", async () => {
    await seedFailedAndPending();
    const { code, out } = await run(alertEnv(), 'alerts');
    expect(code).toBe(0);
    expect(out).toContain('Alerts: e-mail and webhook on. 0 alerts sent');
    expect(out).toContain('1 alert pending, 1 failed');
    expect(out).toMatch(/PENDING +e-mail +Farah Rahman <aisyah@example\.com>, .*\(Asia\/Kuala_Lumpur\)/);
    expect(out).toContain('last error: connect ECONNREFUSED');
    expect(out).toMatch(/next attempt: .*\(Asia\/Kuala_Lumpur\)/);
    expect(out).toMatch(/FAILED +webhook/);
    expect(out).toContain('last error: HTTP 410: Gone');
    expect(out).toContain('npm run enquiries -- alerts retry');
    // They name who wrote: on record, as a list of enquiries is.
    const { audit } = (await readFileStore(temp.dbFile)).data;
    expect(audit.map(({ action, detail }) => [action, detail])).toEqual([['list', 'alerts pending or failed, 2']]);
  });

  it('says how many messages the replies mailbox reader skipped, and when it last read', async () => {
    const store = await openFileStore(temp.dbFile);
    await store.atomically((tx) =>
      tx.put('mailboxCursors', {
        id: 'firm@imap.example.com:993/INBOX',
        uidValidity: '7',
        lastUid: 40,
        holder: null,
        heldUntil: null,
        skipped: 2,
        failingUid: null,
        failedTries: 0,
        updatedAt: '2026-11-29T04:00:00.000Z',
      }),
    );
    await store.close();
    const { out } = await run({ DB_FILE: temp.dbFile, TZ_DISPLAY: 'Asia/Kuala_Lumpur' }, 'alerts');
    expect(out).toContain(
      'Replies mailbox firm@imap.example.com:993/INBOX: 2 messages skipped (unreadable or too large), last read Sunday, 29 November 2026 at 12:00 (Asia/Kuala_Lumpur).',
    );
  });

  it('says when nothing needs attention', async () => {
    const { code, out } = await run({ DB_FILE: temp.dbFile }, 'alerts');
    expect(code).toBe(0);
    expect(out).toContain('Alerts: off');
    expect(out).toContain('None is pending or failed.');
  });
});

describe('alerts retry', () => {
  it('with the service stopped, sends the failed alerts itself and records them', async () => {
    await seedFailedAndPending();
    const { code, out } = await run(alertEnv(), 'alerts', 'retry');
    expect(out).toContain('Every failed alert is sent now.');
    expect(code).toBe(0);
    expect(receivers.webhook.received).toHaveLength(1);
    const alerts = (await readFileStore(temp.dbFile)).data.alerts;
    expect(alerts.find((alert) => alert.channel === 'webhook')).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('with the service running, asks it over its control socket to send them and reports what happened', async () => {
    receivers.webhook.answers = [410];
    service = await startServer({
      ...alertEnv(),
      DIST_DIR: await makeSiteFixture(temp.dir),
      RATE_LIMIT_PER_MINUTE: '0',
      CONTACT_CHALLENGE: 'off',
    });
    await postJson(service.url, validEnquiry({ firstName: 'Live' }));
    await vi.waitFor(async () => {
      const alerts = (await readFileStore(temp.dbFile)).data.alerts;
      expect(alerts.map((alert) => alert.status).sort()).toEqual(['failed', 'sent']);
    });
    const { code, out } = await run(alertEnv(), 'alerts', 'retry');
    expect(out).toContain('The service is running: it sends 1 failed alert again now.');
    expect(out).toMatch(/SENT +webhook +Live Rahman/);
    expect(code).toBe(0);
    expect(receivers.webhook.received).toHaveLength(2);
    expect(receivers.smtp.received).toHaveLength(1);
  });

  it('says so when nothing has failed', async () => {
    const { code, out } = await run(alertEnv(), 'alerts', 'retry');
    expect(code).toBe(0);
    expect(out).toBe('No failed alert to send again.\n');
  });
});

describe('test-alert', () => {
  it('sends a test e-mail and webhook and prints what each server answered', async () => {
    const { code, out } = await run(alertEnv(), 'test-alert');
    expect(out).toMatch(/e-mail to advisers@teratai-wealth\.example: sent\. The server answered: 250 .*Queued by the test receiver/);
    expect(out).toContain(`webhook ${new URL(receivers.webhook.url).origin}/…: sent. The server answered: HTTP 204`);
    expect(code).toBe(0);
    expect(receivers.smtp.received[0]?.mail.subject).toMatch(/^Test alert: New enquiry TW-[0-9A-F]{8} from Test Alert$/);
    expect(JSON.parse(receivers.webhook.received[0]!.body)).toMatchObject({ event: 'alert.test' });
  });

  it('reports a refusal and exits 1', async () => {
    receivers.webhook.answers = [500];
    await receivers.smtp.stop();
    const { code, out } = await run(alertEnv(), 'test-alert');
    expect(code).toBe(1);
    expect(out).toMatch(/e-mail to .*: failed \(temporary: the service would retry\)\. .*ECONNREFUSED/);
    expect(out).toContain('failed (temporary: the service would retry). HTTP 500: Refused by the test (500)');
  });

  it('says that alerts are off when no channel is set', async () => {
    const { code, err } = await run({ DB_FILE: temp.dbFile }, 'test-alert');
    expect(code).toBe(1);
    expect(err).toContain('Alerts are off');
  });
});
