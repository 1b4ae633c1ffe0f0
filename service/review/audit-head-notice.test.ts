/**
 * The audit log's head sent once a UTC day, queued by one of two instances and
 * delivered through the alert outbox at a real SMTP server and webhook
 * receiver, on both stores.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startAlertDispatcher, type AlertDispatcher } from '../alerts/alert-dispatcher';
import { createOutboxSenders } from '../alerts/alert-senders';
import { describeHead, parseHead } from '../audit-chain';
import { silentLog } from '../log';
import type { Store } from '../store-interface';
import { useAlertReceivers } from '../test-support/per-test';
import { auditEntry } from '../test-support/inbox-records';
import { useStoreBackends } from '../test-support/store-backends';
import { queueAuditHeadIfDue } from './audit-head-notice';
import { appendAudit } from '../audit-append';

const backends = useStoreBackends();
const alertChannels = ['email', 'webhook'] as const;
const receivers = useAlertReceivers();
let dispatcher: AlertDispatcher | undefined;

afterEach(async () => {
  vi.useRealTimers();
  await dispatcher?.stop();
  dispatcher = undefined;
});

function dispatchFrom(store: Store): AlertDispatcher {
  return startAlertDispatcher({
    store,
    senders: createOutboxSenders({
      email: {
        smtpUrl: receivers.smtp.url,
        to: ['advisers@teratai-wealth.example'],
        from: 'Teratai Alerts <alerts@teratai-wealth.example>',
      },
      webhook: { url: receivers.webhook.url, secret: 's'.repeat(32) },
      timeZone: 'Asia/Kuala_Lumpur',
    }),
    log: silentLog,
  });
}

describe.each(backends)('the audit head notice, on the $name store', (backend) => {
  it('sends SEQ:HASH of the newest entry once a UTC day, queued by one of two instances, to e-mail and webhook', async () => {
    const [a, b] = await backend.openPair();
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T02:00:00Z') });
    const queue = (store: Store) => queueAuditHeadIfDue({ store, alertChannels, log: silentLog });
    expect(await queue(a)).toBe(false); // an empty log has no head
    await appendAudit(a, auditEntry());
    const head = await appendAudit(a, auditEntry({ action: 'list' }));

    expect((await Promise.all([queue(a), queue(b)])).filter(Boolean)).toHaveLength(1);
    expect(await queue(b)).toBe(false);
    dispatcher = dispatchFrom(a);
    // A dispatcher hears another instance's alerts by the database's notification: give it a loaded machine's time.
    await expect.poll(() => receivers.smtp.received.length + receivers.webhook.received.length).toBe(2);
    const { mail } = receivers.smtp.received[0]!;
    expect(mail.subject).toBe('Audit log head on 2026-11-26: entry 2');
    expect(mail.text).toContain(`npm run enquiries -- audit verify --head ${describeHead(head)}`);
    expect(parseHead(/: (\d+:[0-9a-f]{64})/.exec(mail.text!)![1]!)).toEqual({ seq: 2, hash: head.hash });
    const [posted] = receivers.webhook.received.map((request) => JSON.parse(request.body) as { event: string; key: string; text: string });
    expect(posted).toMatchObject({ event: 'audit.head', key: 'audit-head-2026-11-26' });
    expect(posted!.text).toContain(describeHead(head));

    vi.setSystemTime(new Date('2026-11-27T00:05:00Z'));
    expect(await queue(a)).toBe(true); // each instance's own dispatcher sends what it queued
    await expect.poll(() => receivers.smtp.received.length).toBe(2);
  });

  it('stays in the outbox, pending with the server’s answer, when no channel takes it: the outbox retries it', async () => {
    const [store] = await backend.openPair();
    await appendAudit(store, auditEntry());
    receivers.smtp.refuseWith = 451;
    receivers.webhook.answers.push(500);
    expect(await queueAuditHeadIfDue({ store, alertChannels, log: silentLog })).toBe(true);
    dispatcher = dispatchFrom(store);
    await expect
      .poll(async () =>
        (await store.find('operatorAlerts'))
          .filter((alert) => alert.attempts > 0)
          .map((alert) => alert.channel)
          .sort(),
      )
      .toEqual(['email', 'webhook']);
    for (const alert of await store.find('operatorAlerts')) {
      expect(alert).toMatchObject({ status: 'pending', sentAt: null });
      expect(alert.lastError).toMatch(alert.channel === 'email' ? /451/ : /500/);
      expect(Date.parse(alert.nextAttemptAt ?? '')).toBeGreaterThan(Date.parse(alert.lastAttemptAt ?? ''));
    }
  });
});
