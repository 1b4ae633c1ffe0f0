import type { Request } from '@playwright/test';
import { ROUTE_PATHS } from '../../contract/routes';
import { expect, openPage, test } from './fixtures';

const REFUSAL = 'contains characters that are not allowed, such as =? or invisible control and text-direction characters';

test('the form refuses an encoded word and a direction override under their fields, and sends nothing', async ({ page }) => {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/contact')) posts.push(request);
  });
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
    const input = page.getByLabel(label);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator(`#${await input.getAttribute('aria-describedby')}`)).toHaveText(`${field} ${REFUSAL}`);
  }
  expect(posts).toHaveLength(0);
});
