/**
 * The whole way, on both stores: an adviser replies from the inbox, the
 * outbox sends the reply to a real SMTP server, and the reference and check
 * code the visitor reads at the end of that e-mail are what /verify calls a
 * genuine reply, sent today in TZ_DISPLAY; the same e-mail with one
 * character of its code changed is not ours.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { replyCheckAnswerSchema } from '../../contract/reply-check';
import { startAlertDispatcher } from '../alerts/alert-dispatcher';
import { createOutboxSenders } from '../alerts/alert-senders';
import { createApp } from '../app';
import type { ReplyConfig } from '../config';
import { silentLog } from '../log';
import { startSmtpReceiver } from '../test-support/alert-receivers';
import { listen, makeSiteFixture, makeTempDir, type Running } from '../test-support/fixtures';
import { enrolledStaff, submitEnquiry } from '../test-support/inbox';
import { useStoreBackends } from '../test-support/store-backends';

const backends = useStoreBackends();
const TIME_ZONE = 'Asia/Kuala_Lumpur';
const FIRM_ADDRESS = 'Teratai Wealth <replies@teratai-wealth.example>';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

function verify(server: Running, reference: string, code: string) {
  return fetch(`${server.url}/api/verify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ reference, code }),
  });
}

describe.each(backends)('a reply sent from the inbox, on the $name store', (backend) => {
  it('ends with a reference and a check code that /verify finds genuine, sent today', async () => {
    const smtp = await startSmtpReceiver();
    cleanups.push(() => smtp.stop());
    const temp = await makeTempDir();
    cleanups.push(temp.remove);
    const [store] = await backend.openPair();
    const replies: ReplyConfig = {
      smtpUrl: smtp.url,
      from: FIRM_ADDRESS,
      plusAddressing: true,
      dkim: null,
      siteUrl: 'https://teratai-wealth.example',
      acknowledgementFrom: FIRM_ADDRESS,
    };
    const server = await listen(
      createApp({
        store,
        distDir: await makeSiteFixture(temp.dir),
        rateLimitPerMinute: 10,
        trustProxy: false,
        timeZone: TIME_ZONE,
        log: silentLog,
        replies,
      }),
    );
    cleanups.push(server.close);
    const dispatcher = startAlertDispatcher({
      store,
      senders: createOutboxSenders({ email: null, webhook: null, timeZone: TIME_ZONE, acknowledgement: null, reply: replies }, store),
      log: silentLog,
    });
    cleanups.push(() => dispatcher.stop());

    const enquiry = await submitEnquiry(store, { firstName: 'Aisyah', email: 'aisyah@example.com' });
    const { client } = await enrolledStaff({ store, server }, 'nurul');
    expect((await client.post(`/enquiries/${enquiry.id}/replies`, { text: 'Dear Aisyah,\n\nThursday suits us.' })).status).toBe(201);
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);

    // What the visitor reads at the end of the e-mail.
    const text = smtp.received[0]!.mail.text ?? '';
    const reference = /^Reference: (TW-[0-9A-F]{8})$/m.exec(text)?.[1];
    const code = /^Check code: (\S+)$/m.exec(text)?.[1];
    expect(reference).toBeDefined();
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
    const genuine = replyCheckAnswerSchema.parse(await (await verify(server, reference!, code!)).json());
    expect(genuine).toMatchObject({ genuine: true, sentOn: today });
    const altered = `${code!.slice(0, -1)}${code!.endsWith('Z') ? 'Y' : 'Z'}`;
    expect(replyCheckAnswerSchema.parse(await (await verify(server, reference!, altered)).json()).genuine).toBe(false);
  });
});
