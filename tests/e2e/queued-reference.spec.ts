/**
 * An enquiry queued offline and delivered once the challenge of the time it
 * was written had expired: "Message Sent!" shows the stored enquiry's own
 * reference, whoever delivers it, the worker by Background Sync (shown when
 * the site next opens) or the page (no Background Sync), and it is stored once.
 */
import { ROUTE_PATHS } from '../../contract/routes';
import { enquiryReference } from '../../contract/reference';
import { storedEnquiriesFrom, uniqueEmail } from './enquiry-store';
import { expect, openPage } from './fixtures';
import { notifications, removeBackgroundSync, submitWhileOffline, waitForWorkerControl } from './pwa';
import { testWithShortChallenges } from './short-challenges';

testWithShortChallenges.describe('an enquiry queued offline, delivered after its time’s challenge expired', () => {
  for (const by of ['worker', 'page'] as const) {
    testWithShortChallenges(
      `delivered by the ${by}: "Message Sent!" with the stored enquiry’s reference, stored once`,
      async ({ page, context, shortChallenges }) => {
        if (by === 'page') await removeBackgroundSync(context);
        const email = uniqueEmail(`queued-reference-${by}`);
        await openPage(page, ROUTE_PATHS.contact);
        await waitForWorkerControl(page);
        const expiresAt = await page.evaluate(
          async () =>
            ((await (await fetch('/api/contact/challenge')).json()) as { parameters: { expiresAt: number } }).parameters.expiresAt,
        );
        await context.setOffline(true);
        await submitWhileOffline(page, email, 'Written on the train.');
        await expect.poll(() => Date.now(), { timeout: 15_000 }).toBeGreaterThan(expiresAt * 1000 + 1_000);

        let shownOn = page;
        if (by === 'worker') {
          await page.close();
          await context.setOffline(false);
          await expect.poll(async () => (await storedEnquiriesFrom(email, shortChallenges.dbFile)).length, { timeout: 15_000 }).toBe(1);
          shownOn = await context.newPage();
          await openPage(shownOn, ROUTE_PATHS.about);
        } else {
          await context.setOffline(false);
        }
        await expect(notifications(shownOn)).toContainText('Message Sent!', { timeout: 15_000 });
        const stored = await storedEnquiriesFrom(email, shortChallenges.dbFile);
        expect(stored).toHaveLength(1);
        await expect(notifications(shownOn)).toContainText(`Your reference is ${enquiryReference(stored[0]!.id)}.`);
      },
    );
  }
});
