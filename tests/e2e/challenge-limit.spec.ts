import { ROUTE_PATHS } from '../../contract/routes';
import { CHALLENGE_ENDPOINT } from '../../contract/contact-challenge';
import { SERVICE_ANSWER_HEADER } from '../../contract/http';
import { messages as en } from '../../contract/messages/en';
import { storedEnquiriesFrom, uniqueEmail } from './enquiry-store';
import { contactPosts, expect, openPage, test } from './fixtures';
import { sendEnquiry, notifications, queuedCount, waitForWorkerControl } from './pwa';

test.use({ serviceWorkers: 'allow' });

/**
 * The service's refusal of a challenge to a client that asked for too many
 * (service/routes/contact-challenge.test.ts asks the real service for it; here
 * its answer, marked as the service's, stands in front of the page): the page
 * shows its sentence and keeps what the visitor typed, rather than promising
 * to send it once back online.
 */
test('a 429 for the challenge shows the service’s sentence, keeps the message, and queues nothing', async ({ page, context }) => {
  const sentence = en['service.challengeRateLimited'];
  await context.route(`**${CHALLENGE_ENDPOINT}`, (route) =>
    route.fulfill({
      status: 429,
      contentType: 'text/plain; charset=utf-8',
      headers: { 'Retry-After': '42', [SERVICE_ANSWER_HEADER.name]: SERVICE_ANSWER_HEADER.value },
      body: sentence,
    }),
  );
  const posts = contactPosts(context);
  const email = uniqueEmail('too-many');
  await openPage(page, ROUTE_PATHS.contact);
  await waitForWorkerControl(page);
  await sendEnquiry(page, email, 'Asked for too many checks.');

  await expect(notifications(page)).toContainText(sentence);
  await expect(page.getByLabel('Message')).toHaveValue('Asked for too many checks.');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  expect(await queuedCount(page)).toBe(0);
  expect(posts).toHaveLength(0);
  expect(await storedEnquiriesFrom(email)).toHaveLength(0);
});
