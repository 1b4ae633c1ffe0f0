import { ROUTE_PATHS } from '../../contract/routes';
import { contactPosts, expect, expectFieldRefused, openPage, test } from './fixtures';

const REFUSAL = 'contains characters that are not allowed, such as =? or invisible control and text-direction characters';

test('the form refuses an encoded word and a direction override under their fields, and sends nothing', async ({ page }) => {
  const posts = contactPosts(page);
  await openPage(page, ROUTE_PATHS.contact);
  await page.getByLabel('First Name').fill('=?UTF-8?Q?=0D=0ABcc:_x@evil.example?=');
  await page.getByLabel('Last Name').fill('Rahman\u202eexe.');
  await page.getByLabel('Email Address').fill('aisyah@example.com');
  await page.getByLabel('Message').fill('I would like a portfolio review.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  for (const [label, field] of [
    ['First Name', 'First name'],
    ['Last Name', 'Last name'],
  ] as const) {
    await expectFieldRefused(page.getByLabel(label), `${field} ${REFUSAL}`);
  }
  expect(posts).toHaveLength(0);
});
