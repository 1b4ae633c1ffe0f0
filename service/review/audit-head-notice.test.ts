/** The audit log's head sent once a UTC day, by one instance, through a real SMTP server and webhook receiver, on both stores. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeHead, parseHead } from '../audit-chain';
import { silentLog } from '../log';
import { startSmtpReceiver, startWebhookReceiver, type SmtpReceiver, type WebhookReceiver } from '../test-support/alert-receivers';
import { auditEntry } from '../test-support/inbox-records';
import { useStoreBackends } from '../test-support/store-backends';
import { sendAuditHeadIfDue } from './audit-head-notice';
import { createOperatorNotices, type OperatorNotices } from './operator-notices';

const backends = useStoreBackends();
let smtp: SmtpReceiver;
let webhook: WebhookReceiver;
let notices: OperatorNotices;

beforeEach(async () => {
  smtp = await startSmtpReceiver();
  webhook = await startWebhookReceiver();
  notices = createOperatorNotices({
    email: { smtpUrl: smtp.url, to: ['advisers@teratai-wealth.example'], from: 'Teratai Alerts <alerts@teratai-wealth.example>' },
    webhook: { url: webhook.url, secret: 's'.repeat(32) },
    timeZone: 'Asia/Kuala_Lumpur',
  });
});

afterEach(async () => {
  vi.useRealTimers();
  notices.close();
  await smtp.stop();
  await webhook.stop();
});

describe.each(backends)('the audit head notice, on the $name store', (backend) => {
  it('sends SEQ:HASH of the newest entry once a UTC day, by one of two instances, to e-mail and webhook', async () => {
    const [a, b] = await backend.openPair();
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T02:00:00Z') });
    const send = (store: typeof a) => sendAuditHeadIfDue({ store, notices, log: silentLog });
    expect(await send(a)).toBe(false); // an empty log has no head
    await a.appendAudit(auditEntry());
    const head = await a.appendAudit(auditEntry({ action: 'list' }));

    expect((await Promise.all([send(a), send(b)])).filter(Boolean)).toHaveLength(1);
    expect(await send(b)).toBe(false);
    expect(smtp.received).toHaveLength(1);
    const { mail } = smtp.received[0]!;
    expect(mail.subject).toBe('Audit log head on 2026-11-26: entry 2');
    expect(mail.text).toContain(`npm run enquiries -- audit verify --head ${describeHead(head)}`);
    expect(parseHead(/: (\d+:[0-9a-f]{64})/.exec(mail.text!)![1]!)).toEqual({ seq: 2, hash: head.hash });
    expect(webhook.received.map((request) => JSON.parse(request.body))).toEqual([
      { event: 'audit.head', deliveryId: 'audit-head-2026-11-26', day: '2026-11-26', seq: 2, hash: head.hash },
    ]);

    vi.setSystemTime(new Date('2026-11-27T00:05:00Z'));
    expect(await send(b)).toBe(true);
    expect(smtp.received).toHaveLength(2);
  });

  it('is tried again at the next look when no channel took it', async () => {
    const [store] = await backend.openPair();
    await store.appendAudit(auditEntry());
    smtp.refuseWith = 451;
    webhook.answers.push(500);
    await expect(sendAuditHeadIfDue({ store, notices, log: silentLog })).rejects.toThrow();
    smtp.refuseWith = null;
    expect(await sendAuditHeadIfDue({ store, notices, log: silentLog })).toBe(true);
  });
});
