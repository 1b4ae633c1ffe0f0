/**
 * The whole conversation (#33), in Chromium against the real service on each
 * store, with real mail on both sides: the service's outbox sends to a real
 * SMTP server in the test, and its reader reads a real Dovecot, into which
 * the visitor's answer is put as a delivery agent leaves what a mail client
 * sent. An enquiry in Malay, a reply from the inbox, the reply's headers at
 * the SMTP server, the answer back in the thread as "New reply"; a reply
 * stored while the mail server is down, the service killed with SIGKILL and
 * started again on the same store, the reply sent once; and the thread at
 * 390 and 1440 px, with axe and screenshots.
 */
import { randomUUID } from 'node:crypto';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { TEXTS } from '../../app/inbox/texts';
import { enquiryReference } from '../../contract/reference';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../../service/test-support/alert-receivers';
import { startDovecot, type TestDovecot } from '../../service/test-support/dovecot';
import { expectNoViolations } from './accessibility-checks';
import { enrolmentCodeIn, type InboxService, type InboxStoreKind, startInboxService } from './inbox-service';
import { enrol } from './staff-enrolment';

const t = TEXTS.enquiry;
const STAFF = 'nurul';
const PASSWORD = 'Lotus-pond-harbour-42';
const FIRM_DOMAIN = 'teratai-wealth.example';
const REPLY_FROM = { name: 'Teratai Wealth', address: `replies@${FIRM_DOMAIN}` };
const DESK = `desk@${FIRM_DOMAIN}`;
/** The promise: an answer shows in the enquiry within a minute (the reader's poll; IDLE wakes it sooner). */
const ANSWER_SHOWN_WITHIN_MS = 60_000;
/** A message to the SMTP server on loopback arrives in well under a second; this allows for a loaded machine. */
const MAIL_WITHIN_MS = 20_000;
/** The first attempt at a closed port fails at once; its outcome is on the page at the next load. */
const ATTEMPT_RECORDED_WITHIN_MS = 20_000;
const WIDTHS = [390, 1440] as const;
/** The pages are the same on both stores (the store is behind the API): axe and screenshots run on one. */
const AXE_STORE: InboxStoreKind = 'file';

interface Visitor {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
}

const SITI: Visitor = {
  firstName: 'Siti',
  lastName: 'Aminah',
  email: 'siti@example.com',
  phone: '+60 12-345 6789',
  message: 'Saya ingin nasihat tentang simpanan persaraan.',
};
const FARID: Visitor = {
  firstName: 'Farid',
  lastName: 'Hassan',
  email: 'farid@example.com',
  phone: '+60 13-222 3344',
  message: 'Boleh saya tahu yuran perundingan anda?',
};
const MEI: Visitor = {
  firstName: 'Mei',
  lastName: 'Lim',
  email: 'mei.lim@example.com',
  phone: '+60 16-777 8899',
  message: 'Saya mahu bertanya tentang pelaburan untuk pendidikan anak saya.',
};

/** The Malay reply staff write over the template, and the answer the visitor writes back. */
const replyText = (visitor: Visitor) =>
  `Salam sejahtera ${visitor.firstName},\n\nKami boleh bertemu pada hari Khamis jam 10 pagi.\n\nYang benar,\n${STAFF}\nTeratai Wealth`;
const ANSWER_TEXT = 'Terima kasih, hari Khamis jam 10 pagi sesuai untuk saya.\n\nSiti';

async function postEnquiry(service: InboxService, visitor: Visitor): Promise<{ id: string; reference: string }> {
  const posted = await fetch(`${service.origin}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({ ...visitor, service: '', website: '', locale: 'ms' }),
  });
  expect(posted.status).toBe(201);
  const { id } = (await posted.json()) as { id: string };
  return { id, reference: enquiryReference(id) };
}

const mailTo = (smtp: SmtpReceiver, address: string, subject: string | RegExp): ReceivedMail[] =>
  smtp.received.filter(
    ({ rcptTo, mail }) =>
      rcptTo.includes(address) && (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject ?? '')),
  );

/** The visitor's acknowledgement, once it has arrived: the reply refers to it. */
async function acknowledgementTo(smtp: SmtpReceiver, visitor: Visitor): Promise<ParsedMail> {
  const acknowledgements = () =>
    smtp.received.filter(({ rcptTo, mail }) => rcptTo.includes(visitor.email) && mail.messageId?.startsWith('<acknowledgement-'));
  await expect.poll(() => acknowledgements().length, { timeout: MAIL_WITHIN_MS }).toBe(1);
  return acknowledgements()[0]!.mail;
}

const addressesOf = (field: ParsedMail['replyTo'] | ParsedMail['from']) => field?.value.map((address) => address.address) ?? [];
const referencesOf = (mail: ParsedMail) => (mail.references === undefined ? [] : [mail.references].flat());

/**
 * The visitor's answer as a mail client (Thunderbird, Gmail) sends it and a
 * delivery agent stores it: to the reply's Reply-To, the subject with one more
 * "Re:", In-Reply-To and References to the reply, the text above the quoted
 * reply. Lines end in CRLF, as on the wire.
 */
function answerTo(reply: ParsedMail, visitor: Visitor, text: string, { from = visitor.email, attachment = false } = {}): string {
  const sentAt = new Date();
  const quoted = (reply.text ?? '')
    .trimEnd()
    .split('\n')
    .map((line) => `> ${line}`.trimEnd());
  const body = [...text.split('\n'), '', `On ${sentAt.toUTCString()}, ${REPLY_FROM.name} <${REPLY_FROM.address}> wrote:`, ...quoted, ''];
  const headers = [
    `From: ${visitor.firstName} ${visitor.lastName} <${from}>`,
    `To: ${REPLY_FROM.name} <${addressesOf(reply.replyTo)[0]}>`,
    `Subject: Re: ${reply.subject}`,
    `Date: ${sentAt.toUTCString()}`,
    `Message-ID: <${randomUUID()}@mail.example.com>`,
    `In-Reply-To: ${reply.messageId}`,
    `References: ${[...referencesOf(reply), reply.messageId].join(' ')}`,
    'MIME-Version: 1.0',
    'User-Agent: Mozilla Thunderbird',
  ];
  if (!attachment)
    return [...headers, 'Content-Type: text/plain; charset=UTF-8; format=flowed', 'Content-Transfer-Encoding: 8bit', '', ...body].join(
      '\r\n',
    );
  const boundary = `------------${randomUUID()}`;
  return [
    ...headers,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    ...body,
    `--${boundary}`,
    'Content-Type: application/pdf; name="penyata-kwsp.pdf"',
    'Content-Disposition: attachment; filename="penyata-kwsp.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from('%PDF-1.4 a statement the reader lists, never stores').toString('base64'),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** Loads the page again until `expectation` holds: the page shows the store as it was when it loaded. */
async function reloadUntil(page: Page, expectation: () => Promise<void>, timeout: number) {
  await expect(async () => {
    await page.reload();
    await expectation();
  }).toPass({ timeout });
}

/** The service with its own SMTP server (and the mailbox it reads, if any), and the staff member's session once signed in. */
interface Desk {
  service: InboxService;
  smtp: SmtpReceiver;
  session?: Awaited<ReturnType<BrowserContext['storageState']>>;
}

async function openDesk(store: InboxStoreKind, mailbox: TestDovecot | null): Promise<Desk> {
  const smtp = await startSmtpReceiver();
  const service = await startInboxService(store, {
    SMTP_URL: smtp.url,
    ACK_EMAIL_FROM: `Teratai Wealth <hello@${FIRM_DOMAIN}>`,
    REPLY_EMAIL_FROM: `${REPLY_FROM.name} <${REPLY_FROM.address}>`,
    NOTIFY_EMAIL_TO: DESK,
    NOTIFY_EMAIL_FROM: `Teratai Wealth inbox <inbox@${FIRM_DOMAIN}>`,
    ...(mailbox && { REPLIES_IMAP_URL: mailbox.url }),
  }).catch(async (error: unknown) => {
    await smtp.stop();
    throw error;
  });
  return { service, smtp };
}

async function closeDesk(desk: Desk | undefined) {
  await desk?.service.stop();
  await desk?.smtp.stop();
}

/** A page signed in as the staff member: enrolled on the desk's first use, the session reused after. */
async function staffPage(browser: Browser, desk: Desk): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: desk.service.origin,
    viewport: { width: 1440, height: 900 },
    ...(desk.session && { storageState: desk.session }),
  });
  const page = await context.newPage();
  if (!desk.session) {
    const added = await desk.service.cli(['users', 'add', STAFF], `${PASSWORD}\n`);
    expect(added.code, added.err).toBe(0);
    await enrol(page, STAFF, PASSWORD, enrolmentCodeIn(added.out));
    desk.session = await context.storageState();
  }
  return { context, page };
}

for (const store of ['file', 'postgres'] as const satisfies readonly InboxStoreKind[]) {
  test.describe(`the conversation on the ${store} store`, () => {
    test.describe.configure({ timeout: 180_000 });
    let dovecot: TestDovecot;
    /** The desk that reads the mailbox, shared by the tests that need no crash. */
    let desk: Desk;

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      dovecot = await startDovecot();
      desk = await openDesk(store, dovecot);
    });
    test.afterAll(async () => {
      await closeDesk(desk);
      await dovecot?.stop();
    });

    /** "Reply by e-mail" opens the Malay template (the visitor and the reference in it), replaced by `text`; "Send reply" queues it. */
    async function sendReply(page: Page, id: string, visitor: Visitor, reference: string, text: string) {
      await page.goto(`/inbox/enquiries/${id}`);
      await page.getByRole('button', { name: t.replyByEmail }).click();
      const composer = page.getByLabel(t.composer.label);
      await expect(composer).toHaveValue(new RegExp(`^Salam sejahtera ${visitor.firstName},\\n\\n.*rujukan ${reference}\\.`));
      await composer.fill(text);
      await page.getByRole('button', { name: t.composer.send }).click();
      await expect(page.getByRole('status').filter({ hasText: t.composer.queued })).toBeVisible();
    }

    /** The thread's entries (not the lists inside them, such as an answer's attachments). */
    const threadOf = (page: Page) => page.getByRole('region', { name: t.threadHeading }).getByRole('list').first().locator(':scope > li');
    /** The enquiry's status as the pill beside the assignee says it (the region also holds the status's select). */
    const statusOf = (page: Page) => page.getByRole('region', { name: t.handlingHeading }).getByRole('paragraph').first();

    test('an enquiry, a reply in Malay from the inbox, and the visitor’s answer back in the thread as New reply', async ({ browser }) => {
      const { service, smtp } = desk;
      const { id, reference } = await postEnquiry(service, SITI);
      const acknowledgement = await acknowledgementTo(smtp, SITI);
      const { context, page } = await staffPage(browser, desk);
      await sendReply(page, id, SITI, reference, replyText(SITI));

      const reply =
        await test.step('the reply arrives from the firm, with the thread’s headers and a token naming the enquiry', async () => {
          const replies = () => mailTo(smtp, SITI.email, `Re: Your enquiry ${reference}`);
          await expect.poll(() => replies().length, { timeout: MAIL_WITHIN_MS }).toBe(1);
          const { mail, rcptTo } = replies()[0]!;
          expect(rcptTo).toEqual([SITI.email]);
          expect(mail.from?.value).toEqual([REPLY_FROM]);
          expect(mail.messageId).toMatch(new RegExp(`^<[^<>@\\s]+@${FIRM_DOMAIN.replace('.', '\\.')}>$`));
          expect(mail.messageId).not.toBe(acknowledgement.messageId);
          expect(mail.inReplyTo).toBe(acknowledgement.messageId);
          expect(referencesOf(mail)).toEqual([acknowledgement.messageId]);
          expect(addressesOf(mail.replyTo)).toEqual([`replies+${reference.toLowerCase()}@${FIRM_DOMAIN}`]);
          expect(mail.text).toContain('Kami boleh bertemu pada hari Khamis jam 10 pagi.');
          // Nothing the visitor wrote is in a header.
          expect(mail.headerLines.map((line) => line.line).join('\n')).not.toContain('persaraan');
          return mail;
        });

      await test.step('the visitor’s answer, put into the mailbox, makes the enquiry New reply within a minute', async () => {
        await dovecot.deliver(answerTo(reply, SITI, ANSWER_TEXT));
        await reloadUntil(
          page,
          () => expect(statusOf(page)).toContainText(TEXTS.statuses['new-reply'], { timeout: 1_000 }),
          ANSWER_SHOWN_WITHIN_MS,
        );
      });

      await test.step('the thread in order: the enquiry, the acknowledgement, the reply by its sender, the answer', async () => {
        const thread = threadOf(page);
        await expect(thread).toHaveCount(4);
        await expect(thread.nth(0)).toContainText(t.threadKinds.enquiry!);
        await expect(thread.nth(0)).toContainText(SITI.message);
        await expect(thread.nth(1)).toContainText(t.threadKinds.acknowledgement!);
        await expect(thread.nth(2)).toContainText(`${t.threadKinds.reply} ${t.threadBy(STAFF)}`);
        await expect(thread.nth(2)).toContainText(t.delivery.sent!);
        await expect(thread.nth(2)).toContainText('Kami boleh bertemu pada hari Khamis jam 10 pagi.');
        await expect(thread.nth(3)).toContainText(`${t.threadKinds.answer} ${t.threadFrom(SITI.email)}`);
        await expect(thread.nth(3)).toContainText('hari Khamis jam 10 pagi sesuai untuk saya.');
        // The quoted reply is folded away, not shown as the answer's text.
        await expect(thread.nth(3).getByRole('group')).toContainText(t.quoted);
        await expect(thread.nth(3).getByText(ANSWER_TEXT.split('\n')[0]!)).toBeVisible();
        await expect(thread.nth(3).getByText('> Salam sejahtera')).toBeHidden();
      });

      await test.step('the list shows it New reply, and the desk is alerted', async () => {
        await page.goto('/inbox');
        await expect(page.getByRole('row').filter({ hasText: reference })).toContainText(TEXTS.statuses['new-reply']);
        await expect
          .poll(() => mailTo(smtp, DESK, `Reply on ${reference} from ${SITI.firstName} ${SITI.lastName}`).length, {
            timeout: MAIL_WITHIN_MS,
          })
          .toBe(1);
      });
      expect(mailTo(smtp, SITI.email, `Re: Your enquiry ${reference}`)).toHaveLength(1);
      await context.close();
    });

    test('a reply stored while the mail server is down survives a kill -9 of the service and is sent once after the restart', async ({
      browser,
    }) => {
      // A desk and a mailbox of its own: the crash leaves nothing behind for the other tests.
      const mailbox = await startDovecot();
      const crashDesk = await openDesk(store, mailbox).catch(async (error: unknown) => {
        await mailbox.stop();
        throw error;
      });
      const { service, smtp } = crashDesk;
      try {
        const { id, reference } = await postEnquiry(service, FARID);
        const acknowledgement = await acknowledgementTo(smtp, FARID);
        const { context, page } = await staffPage(browser, crashDesk);
        const replyEntry = threadOf(page).nth(2);
        const replies = () => mailTo(smtp, FARID.email, `Re: Your enquiry ${reference}`);

        await test.step('the mail server stops listening; the reply is stored, and its first attempt fails', async () => {
          await smtp.stop();
          await sendReply(page, id, FARID, reference, replyText(FARID));
          await expect(replyEntry).toContainText(`${t.threadKinds.reply} ${t.threadBy(STAFF)}`);
          await reloadUntil(
            page,
            () => expect(replyEntry).toContainText(t.delivery.retrying!, { timeout: 1_000 }),
            ATTEMPT_RECORDED_WITHIN_MS,
          );
        });

        await test.step('kill -9, the mail server back, the service started again on the same store', async () => {
          await service.crash();
          await smtp.start();
          await service.restart();
        });

        await test.step('the reply goes once, and nothing is left in the outbox', async () => {
          await expect.poll(() => replies().length, { timeout: MAIL_WITHIN_MS }).toBe(1);
          const { mail } = replies()[0]!;
          expect(mail.inReplyTo).toBe(acknowledgement.messageId);
          expect(mail.text).toContain('Kami boleh bertemu pada hari Khamis jam 10 pagi.');
          await expect
            .poll(
              async () => {
                const details = (await (await fetch(`${service.origin}/api/health/details`)).json()) as {
                  alerts: { email: { pending: number; failed: number } };
                };
                return details.alerts.email;
              },
              { timeout: MAIL_WITHIN_MS },
            )
            .toEqual({ configured: true, pending: 0, failed: 0 });
          expect(smtp.received.filter((received) => received.mail.messageId === mail.messageId)).toHaveLength(1);
          expect(replies()).toHaveLength(1);
        });

        await test.step('the thread says sent, and the enquiry is Replied', async () => {
          await reloadUntil(page, () => expect(replyEntry).toContainText(t.delivery.sent!, { timeout: 1_000 }), MAIL_WITHIN_MS);
          await expect(statusOf(page)).toContainText(TEXTS.statuses.replied);
        });

        // On PostgreSQL a killed instance's turn at the mailbox is waited out (LEASE_MS): another instance may be reading.
        if (store === 'file')
          await test.step('the restarted service reads the mailbox at once: the file store’s one writer takes its own turn', async () => {
            await mailbox.deliver(answerTo(replies()[0]!.mail, FARID, 'Baik, terima kasih.'));
            await reloadUntil(
              page,
              () => expect(statusOf(page)).toContainText(TEXTS.statuses['new-reply'], { timeout: 1_000 }),
              ANSWER_SHOWN_WITHIN_MS,
            );
            await expect(threadOf(page).nth(3)).toContainText('Baik, terima kasih.');
          });
        await context.close();
      } finally {
        await closeDesk(crashDesk);
        await mailbox.stop();
      }
    });

    if (store === AXE_STORE) {
      test('the thread at 390 and 1440 px: screenshots, and axe finds nothing', async ({ browser }, testInfo) => {
        const { service, smtp } = desk;
        const { id, reference } = await postEnquiry(service, MEI);
        await acknowledgementTo(smtp, MEI);
        const { context, page } = await staffPage(browser, desk);
        // wa.me is out of reach from here: the hand-over's tab gets a page of the test's own.
        await context.route('https://wa.me/**', (route) =>
          route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
        );
        await sendReply(page, id, MEI, reference, replyText(MEI));
        const replies = () => mailTo(smtp, MEI.email, `Re: Your enquiry ${reference}`);
        await expect.poll(() => replies().length, { timeout: MAIL_WITHIN_MS }).toBe(1);
        // Every kind of entry and detail: an answer from another address, with quoted history and an attachment.
        await dovecot.deliver(
          answerTo(replies()[0]!.mail, MEI, 'Terima kasih. Penyata KWSP saya dilampirkan.', {
            from: 'mei.office@example.com',
            attachment: true,
          }),
        );
        const thread = threadOf(page);
        await reloadUntil(page, () => expect(thread.nth(3)).toContainText(t.otherAddress, { timeout: 1_000 }), ANSWER_SHOWN_WITHIN_MS);
        await expect(thread.nth(3)).toContainText(t.attachments);
        const chat = context.waitForEvent('page');
        await page.getByRole('link', { name: t.replyOnWhatsApp }).click();
        await (await chat).close();
        await expect(thread).toHaveCount(5);
        await expect(thread.nth(4)).toContainText(`${t.threadKinds.whatsapp} ${t.threadBy(STAFF)}`);
        await thread.nth(3).getByText(t.quoted).click();

        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await expectNoViolations(page);
          await page.getByRole('region', { name: t.threadHeading }).screenshot({ path: testInfo.outputPath(`thread-${width}.png`) });
        }
        await context.close();
      });
    }
  });
}
