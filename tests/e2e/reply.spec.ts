/**
 * Replying from the inbox (#33), in Chromium against the real service on
 * each store, with its outbox sending to a real SMTP server in the test: a
 * Malay enquiry, "Reply by e-mail" opens the composer with the Malay
 * template (the focus in it), "Send reply" queues it, the mail arrives with
 * the thread's headers, the page left open shows it sent and the enquiry
 * Replied, and the thread shows
 * the enquiry, the acknowledgement, the reply (sent, by whom) and a
 * hand-over to WhatsApp. axe at 390 and 1440 px, with screenshots of the thread.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { enquiryReference } from '../../contract/reference';
import { TEXTS } from '../../app/inbox/texts';
import { startSmtpReceiver, type SmtpReceiver } from '../../service/test-support/alert-receivers';
import { enrolmentCodeIn, type InboxService, type InboxStoreKind, startInboxService } from './inbox-service';
import { enrol } from './staff-enrolment';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PASSWORD = 'Lotus-pond-harbour-42';
const WIDTHS = [390, 1440] as const;
/** The pages are the same on both stores (the store is behind the API): axe and screenshots run on one. */
const AXE_STORE: InboxStoreKind = 'file';
const t = TEXTS.enquiry;

async function expectAccessible(page: Page, what: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    const found = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`);
    expect(found, `axe at ${width} px: ${what}`).toEqual([]);
  }
}

for (const store of ['file', 'postgres'] as const satisfies readonly InboxStoreKind[]) {
  test.describe(`replying on the ${store} store`, () => {
    test.describe.configure({ timeout: 120_000 });
    let smtp: SmtpReceiver;
    let service: InboxService;

    test.beforeAll(async () => {
      test.setTimeout(90_000);
      smtp = await startSmtpReceiver();
      service = await startInboxService(store, {
        SMTP_URL: smtp.url,
        ACK_EMAIL_FROM: 'Teratai Wealth <hello@teratai-wealth.example>',
        REPLY_EMAIL_FROM: 'Teratai Wealth <replies@teratai-wealth.example>',
      });
    });
    test.afterAll(async () => {
      await service?.stop();
      await smtp?.stop();
    });

    test('a reply in Malay is composed, sent once with the thread’s headers, and shown in the thread', async ({ browser }, testInfo) => {
      const added = await service.cli(['users', 'add', 'nurul'], `${PASSWORD}\n`);
      expect(added.code, added.err).toBe(0);
      const posted = await fetch(`${service.origin}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
        body: JSON.stringify({
          firstName: 'Siti',
          lastName: 'Aminah',
          email: 'siti@example.com',
          phone: '+60 12-345 6789',
          service: '',
          message: 'Saya ingin nasihat tentang simpanan persaraan.',
          website: '',
          locale: 'ms',
        }),
      });
      expect(posted.status).toBe(201);
      const { id } = (await posted.json()) as { id: string };
      const reference = enquiryReference(id);
      // The acknowledgement goes first: the reply refers to it.
      await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1);
      const acknowledgement = smtp.received[0]!.mail.messageId!;

      const context = await browser.newContext({ baseURL: service.origin, viewport: { width: 1440, height: 900 } });
      // wa.me is out of reach from here: the hand-over's tab gets a page of the test's own.
      await context.route('https://wa.me/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
      );
      const page = await context.newPage();
      await enrol(page, 'nurul', PASSWORD, enrolmentCodeIn(added.out));
      await page.goto(`/inbox/enquiries/${id}`);
      const thread = page.getByRole('region', { name: t.threadHeading });
      await expect(thread.getByRole('listitem')).toHaveCount(2);
      await expect(thread.getByRole('listitem').nth(0)).toContainText('Saya ingin nasihat');
      await expect(thread.getByRole('listitem').nth(1)).toContainText(t.threadKinds.acknowledgement!);

      await test.step('"Reply by e-mail" opens the composer with the Malay template, the focus in it', async () => {
        const open = page.getByRole('button', { name: t.replyByEmail });
        await expect(open).toHaveAttribute('aria-expanded', 'false');
        await open.click();
        await expect(open).toHaveAttribute('aria-expanded', 'true');
        const composer = page.getByLabel(t.composer.label);
        await expect(composer).toBeFocused();
        await expect(composer).toHaveValue(
          `Salam sejahtera Siti,\n\nTerima kasih atas pertanyaan anda, rujukan ${reference}.\n\n\n\nYang benar,\nnurul\nTeratai Wealth`,
        );
        await expect(composer).toHaveAttribute('lang', 'ms');
        if (store === AXE_STORE) await expectAccessible(page, 'the composer open');
        await page.setViewportSize({ width: 1440, height: 900 });
        await composer.fill(
          `Salam sejahtera Siti,\n\nKami boleh bertemu pada hari Khamis jam 10 pagi.\n\nYang benar,\nnurul\nTeratai Wealth`,
        );
        await page.getByRole('button', { name: t.composer.send }).click();
        await expect(page.getByRole('status').filter({ hasText: t.composer.queued })).toBeVisible();
        await expect(open).toBeFocused();
        await expect(thread.getByRole('listitem')).toHaveCount(3);
        await expect(thread.getByRole('listitem').nth(2)).toContainText(`${t.threadKinds.reply} ${t.threadBy('nurul')}`);
      });

      await test.step('the reply arrives once, from the firm, with the thread’s headers and its check code', async () => {
        await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(2);
        const { mail, rcptTo } = smtp.received[1]!;
        expect(rcptTo).toEqual(['siti@example.com']);
        expect(mail.subject).toBe(`Re: Your enquiry ${reference}`);
        expect(mail.from?.value[0]?.address).toBe('replies@teratai-wealth.example');
        expect(mail.inReplyTo).toBe(acknowledgement);
        expect(mail.replyTo?.value[0]?.address).toBe(`replies+${reference.toLowerCase()}@teratai-wealth.example`);
        expect(mail.messageId).toMatch(/^<reply-[0-9a-f-]{36}@teratai-wealth\.example>$/);
        expect(mail.text).toContain('Kami boleh bertemu pada hari Khamis');
        expect(mail.text).toMatch(new RegExp(`Rujukan: ${reference}\\nKod semakan: [0-9A-Z]{4}-[0-9A-Z]{4}\\n`));
      });

      await test.step('the page, left open, shows the reply sent and the enquiry Replied', async () => {
        await expect(thread.getByRole('listitem').nth(2)).toContainText(t.delivery.sent!, { timeout: 15_000 });
        await expect(page.getByRole('region', { name: t.handlingHeading }).getByRole('paragraph').first()).toContainText(
          TEXTS.statuses.replied,
        );
      });

      await test.step('"Reply on WhatsApp" opens the chat with the reference and records the hand-over', async () => {
        const link = page.getByRole('link', { name: t.replyOnWhatsApp });
        await expect(link).toHaveAttribute('href', `https://wa.me/60123456789?text=${encodeURIComponent(`Re: Your enquiry ${reference}`)}`);
        const chat = context.waitForEvent('page');
        await link.click();
        await (await chat).close();
        await expect(thread.getByRole('listitem')).toHaveCount(4);
        await expect(thread.getByRole('listitem').nth(3)).toContainText(`${t.threadKinds.whatsapp} ${t.threadBy('nurul')}`);
      });

      if (store === AXE_STORE) {
        await expectAccessible(page, 'the thread');
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await thread.screenshot({ path: testInfo.outputPath(`thread-${width}.png`) });
        }
      }
      expect(smtp.received).toHaveLength(2);
      await context.close();
    });
  });
}
